import { type ReactNode, useId } from "react";
import {
  ActionIcon,
  Group,
  NativeSelect,
  Pagination,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconSearch,
} from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";

/** 10000 → "10 000": a no-break space between thousands reads the same in every language. */
export function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
}

/** A list's total: "10 000+" when more match than the server counts. */
export function totalLabel(total: number, capped: boolean): string {
  return capped ? `${groupThousands(total)}+` : String(total);
}

/** The search box above a server-side list: searches after a pause, or at once on Enter. */
export function ListSearchBox({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  width = 360,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  width?: number;
}) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onSubmit();
      }}
      w={{ base: "100%", xs: width }}
    />
  );
}

interface ListPagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The sizes offered, when the reader may choose. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** More match than `total` counts. */
  capped?: boolean;
  /** A numbered page. */
  onPageChange: (page: number) => void;
  /**
   * Walking page by page (past the count cap, or by cursor) instead of numbered pages: the
   * pages before and after this one, where there are.
   */
  walk?: { previous?: () => void; next?: () => void };
  /** More controls, before the page size (the list's reminders menu, say). */
  extra?: ReactNode;
}

/**
 * The foot of a server-side list: the range shown, the page size and the pages. With an
 * exact total the pages are numbered; when walking, there are first, previous and next.
 */
export function ListPager({
  page,
  pageSize,
  pageSizes,
  onPageSizeChange,
  shown,
  total,
  capped = false,
  onPageChange,
  walk,
  extra,
}: ListPagerProps) {
  const { t } = useTranslation("lists");
  const pageSizeId = useId();
  const from = (page - 1) * pageSize + 1;
  const to = (page - 1) * pageSize + shown;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Group
      justify="space-between"
      p="md"
      gap="sm"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("range", { from: shown > 0 ? from : 0, to, total: totalLabel(total, capped) })}
      </Text>
      <Group gap="md" wrap="wrap">
        {extra}
        {pageSizes && onPageSizeChange && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" component="label" htmlFor={pageSizeId}>
              {t("pageSize")}
            </Text>
            <NativeSelect
              id={pageSizeId}
              size="xs"
              data={pageSizes.map(String)}
              value={String(pageSize)}
              onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            />
          </Group>
        )}
        {walk ? (
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t("firstPage")} withArrow openDelay={300}>
              <ActionIcon
                variant="default"
                aria-label={t("firstPage")}
                disabled={page === 1}
                onClick={() => onPageChange(1)}
              >
                <IconChevronsLeft size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              variant="default"
              aria-label={t("previousPage")}
              disabled={!walk.previous}
              onClick={walk.previous}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text size="sm" px={4} aria-current="page">
              {t("page", { page })}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t("nextPage")}
              disabled={!walk.next}
              onClick={walk.next}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          <PageNumbers pages={pages} page={page} onChange={onPageChange} />
        )}
      </Group>
    </Group>
  );
}

/** Numbered pages, each button named for screen readers; nothing when there is one page. */
export function PageNumbers({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation("lists");
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      size="sm"
      siblings={1}
      getControlProps={(control) => ({
        "aria-label":
          control === "previous" ? t("previousPage") : control === "next" ? t("nextPage") : control,
      })}
      getItemProps={(item) => ({ "aria-label": t("page", { page: item }) })}
    />
  );
}
