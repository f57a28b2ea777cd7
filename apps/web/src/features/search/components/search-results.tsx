import { useId, type ReactNode } from "react";
import { Badge, Button, Group, Loader, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  IconAlertTriangle,
  IconArrowRight,
  IconFilterOff,
  IconSearch,
  IconSearchOff,
} from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { hitPath, viewInTablePath, type CategoryResult } from "../search-targets";
import { formatCount } from "../search-text";
import { SearchResultRow } from "./search-result-row";
import classes from "./global-search.module.css";

/** One chosen category as the panel shows it. */
export interface CategoryState {
  category: SearchCategory;
  result: CategoryResult | undefined;
  /** Nothing to show yet. */
  loading: boolean;
  /** The rows are those of the previous words, shown while the new ones load. */
  stale: boolean;
  failed: boolean;
}

function Message({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <Stack align="center" gap={6} className={classes.message}>
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} ta="center">
        {title}
      </Text>
      {text && (
        <Text size="sm" c="dimmed" ta="center" maw={380}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

interface SectionProps {
  state: CategoryState;
  term: string;
  viewer: Viewer;
  onChoose: () => void;
}

function CategorySection({ state, term, viewer, onChoose }: SectionProps) {
  const { t } = useTranslation("search");
  const headingId = useId();
  const { category, result } = state;
  const tablePath = viewInTablePath(category, term, viewer);

  let body: ReactNode;
  if (state.failed) {
    body = (
      <Group gap={6} px="md" py={6} c="red" role="alert">
        <IconAlertTriangle size={16} stroke={1.6} aria-hidden />
        <Text size="sm">{t("failed")}</Text>
      </Group>
    );
  } else if (state.loading || !result) {
    body = (
      <Stack gap={10} px="md" py={8} aria-hidden data-testid="search-skeleton">
        <Skeleton height={14} width="70%" radius="sm" />
        <Skeleton height={14} width="55%" radius="sm" />
        <Skeleton height={14} width="62%" radius="sm" />
      </Stack>
    );
  } else if (result.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" px="md" py={6}>
        {t("noResults")}
      </Text>
    );
  } else {
    body = (
      <ul className={classes.list} aria-labelledby={headingId}>
        {result.items.map((hit) => (
          <li key={hit.id}>
            <SearchResultRow
              category={category}
              hit={hit}
              term={term}
              to={hitPath(category, hit, viewer)}
              onChoose={onChoose}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={classes.section} aria-labelledby={headingId} data-category={category}>
      <Group className={classes.sectionHeader} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap">
          <Text id={headingId} component="h3" size="xs" fw={700} tt="uppercase" c="dimmed" m={0}>
            {t(`category.${category}`)}
          </Text>
          {result && !state.failed && (
            <Badge size="sm" variant="light" color="gray" radius="sm" data-testid="search-count">
              {formatCount(result.total)}
            </Badge>
          )}
          {state.stale && <Loader size={12} aria-hidden />}
        </Group>
        {tablePath && category !== "pages" && (
          <Button
            component={Link}
            to={tablePath}
            onClick={onChoose}
            size="compact-xs"
            variant="subtle"
            rightSection={<IconArrowRight size={12} aria-hidden />}
          >
            {t("viewInTable")}
          </Button>
        )}
      </Group>
      {body}
    </section>
  );
}

interface SearchResultsProps {
  states: readonly CategoryState[];
  term: string;
  viewer: Viewer;
  onChoose: () => void;
}

function isEmpty(state: CategoryState): boolean {
  return !state.loading && !state.stale && !state.failed && state.result?.total === 0;
}

/**
 * The panel's results: one section per chosen category, those that found something first,
 * or a single message when no category is chosen, nothing has been typed, or every
 * category came back empty (D10).
 */
export function SearchResults({ states, term, viewer, onChoose }: SearchResultsProps) {
  const { t } = useTranslation("search");
  if (states.length === 0) {
    return (
      <Message
        icon={<IconFilterOff size={24} stroke={1.6} />}
        title={t("noCriteria")}
        text={t("noCriteriaText")}
      />
    );
  }
  if (!term) {
    return (
      <Message
        icon={<IconSearch size={24} stroke={1.6} />}
        title={t("startTitle")}
        text={t("startText")}
      />
    );
  }
  if (states.every(isEmpty)) {
    return (
      <Message
        icon={<IconSearchOff size={24} stroke={1.6} />}
        title={t("noResults")}
        text={t("noResultsText")}
      />
    );
  }
  const ordered = [...states.filter((s) => !isEmpty(s)), ...states.filter(isEmpty)];
  return ordered.map((state) => (
    <CategorySection
      key={state.category}
      state={state}
      term={term}
      viewer={viewer}
      onChoose={onChoose}
    />
  ));
}
