import { useMemo, useState, type KeyboardEvent } from "react";
import { Checkbox, CloseButton, Group, Kbd, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { useCategorySearches } from "../api/search-category";
import { searchPages } from "../search-targets";
import { shouldSearch } from "../search-text";
import type { SearchCategories } from "../use-search-categories";
import { useSearchTerm } from "../use-search-term";
import { SearchResults, type CategoryState } from "./search-results";
import classes from "./global-search.module.css";

export interface SearchPanelProps {
  viewer: Viewer;
  allowed: readonly SearchCategory[];
  /** The chosen categories; they outlive the panel, which is rebuilt on each opening. */
  categories: SearchCategories;
  /** Closes the panel; `returnFocus` puts the focus back on the header's search button. */
  onClose: (returnFocus: boolean) => void;
}

/** Moves the focus between the box and the result links with the arrow keys. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const panel = event.currentTarget;
  const box = panel.querySelector<HTMLInputElement>("input[type='search']");
  const stops = [box, ...panel.querySelectorAll<HTMLElement>("[data-search-result]")].filter(
    (el): el is HTMLElement => el !== null,
  );
  const at = stops.findIndex((el) => el === document.activeElement);
  // Arrows inside the category checkboxes keep their own meaning.
  if (at < 0 || stops.length < 2) return;
  event.preventDefault();
  const next = event.key === "ArrowDown" ? Math.min(at + 1, stops.length - 1) : Math.max(at - 1, 0);
  stops[next]!.focus();
}

/** The open search: the box, the categories, and the results as they arrive. */
export function SearchPanel({ viewer, allowed, categories, onClose }: SearchPanelProps) {
  const { t } = useTranslation("search");
  const { t: tr } = useTranslation("routes");
  const [text, setText] = useState("");
  const term = useSearchTerm(text);
  // The words searched before these, whose rows show until the new ones arrive.
  const [terms, setTerms] = useState({ current: term, previous: "" });
  if (terms.current !== term) setTerms({ current: term, previous: terms.current });
  const chosen = categories.chosen;
  const searching = shouldSearch({ open: true, term, categories: chosen }) && categories.loaded;

  const serverCategories = chosen.filter((c) => c !== "pages");
  const searches = useCategorySearches(serverCategories, term, terms.previous, searching);
  const pages = useMemo(
    () => searchPages(term, viewer, (route) => tr(route.name, { defaultValue: route.title })),
    [term, viewer, tr],
  );

  const states: CategoryState[] = chosen.map((category) => {
    if (category === "pages") {
      return { category, result: pages, loading: false, stale: false, failed: false };
    }
    const query = searches[serverCategories.indexOf(category)]!;
    return {
      category,
      result: query.data,
      loading: query.isPending,
      stale: query.isPlaceholderData,
      failed: query.isError,
    };
  });

  return (
    <div className={classes.panel} onKeyDown={moveFocus}>
      <div className={classes.top}>
        <TextInput
          type="search"
          variant="unstyled"
          size="lg"
          px="md"
          data-autofocus
          aria-label={t("searchBox")}
          placeholder={t("placeholder")}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
          rightSection={
            <CloseButton aria-label={t("close")} size="md" onClick={() => onClose(true)} />
          }
          rightSectionPointerEvents="all"
          classNames={{ input: classes.input }}
          autoComplete="off"
          spellCheck={false}
        />
        <fieldset className={classes.categories}>
          <VisuallyHidden component="legend">{t("categories")}</VisuallyHidden>
          <Checkbox.Group value={chosen} onChange={(value) => categories.change(value)}>
            <Group gap="md" style={{ rowGap: 8 }}>
              {allowed.map((category) => (
                <Checkbox
                  key={category}
                  value={category}
                  label={t(`category.${category}`)}
                  size="xs"
                />
              ))}
            </Group>
          </Checkbox.Group>
        </fieldset>
      </div>
      <div className={classes.results} aria-busy={states.some((s) => s.loading)}>
        <SearchResults
          states={states}
          term={term}
          viewer={viewer}
          onChoose={() => onClose(false)}
        />
      </div>
      <Group className={classes.footer} gap="lg" aria-hidden>
        <Group gap={6}>
          <Kbd size="xs">↑</Kbd>
          <Kbd size="xs">↓</Kbd>
          <Text span size="xs">
            {t("keysMove")}
          </Text>
        </Group>
        <Group gap={6}>
          <Kbd size="xs">Enter</Kbd>
          <Text span size="xs">
            {t("keysOpen")}
          </Text>
        </Group>
        <Group gap={6}>
          <Kbd size="xs">Esc</Kbd>
          <Text span size="xs">
            {t("keysClose")}
          </Text>
        </Group>
      </Group>
    </div>
  );
}
