import { useId } from "react";
import { ActionIcon, Group, NativeSelect, Pagination, Text, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { DeviceListMeta } from "@netfleet/contracts/schemas/devices";
import type { DeviceListState } from "../device-list-state";

/** 10000 → "10 000": a no-break space between thousands reads the same in every language. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
}

/** The list's total: "10 000+" when more devices match than the server counts. */
export function totalLabel(meta: Pick<DeviceListMeta, "total" | "total_capped">): string {
  return meta.total_capped ? `${formatCount(meta.total)}+` : String(meta.total);
}

/**
 * The range shown, the page size and the pages. With an exact total the pages are numbered;
 * past the count cap, or once paging by cursor, there are first, previous and next.
 */
export function DevicesPager({
  list,
  meta,
  shown,
}: {
  list: DeviceListState;
  meta: DeviceListMeta;
  /** Rows on this page. */
  shown: number;
}) {
  const { t } = useTranslation("lists");
  const pageSizeId = useId();
  const { page, pageSize } = list;
  const from = (page - 1) * pageSize + 1;
  const to = (page - 1) * pageSize + shown;
  const numbered = !meta.total_capped && !list.cursorPaging;
  const pages = Math.max(1, Math.ceil(meta.total / pageSize));
  const previous = meta.prev
    ? () => list.previousPage(meta.prev!)
    : page > 1
      ? () => list.changePage(page - 1)
      : undefined;

  return (
    <Group
      justify="space-between"
      p="md"
      gap="sm"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("range", { from: shown > 0 ? from : 0, to, total: totalLabel(meta) })}
      </Text>
      <Group gap="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={pageSizeId}>
            {t("pageSize")}
          </Text>
          <NativeSelect
            id={pageSizeId}
            size="xs"
            data={list.pageSizes.map(String)}
            value={String(pageSize)}
            onChange={(event) => list.changePageSize(Number(event.currentTarget.value))}
          />
        </Group>
        {numbered ? (
          pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={list.changePage}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                "aria-label":
                  control === "previous"
                    ? t("previousPage")
                    : control === "next"
                      ? t("nextPage")
                      : control,
              })}
              getItemProps={(item) => ({ "aria-label": t("page", { page: item }) })}
            />
          )
        ) : (
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t("firstPage")} withArrow openDelay={300}>
              <ActionIcon
                variant="default"
                aria-label={t("firstPage")}
                disabled={page === 1}
                onClick={() => list.changePage(1)}
              >
                <IconChevronsLeft size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              variant="default"
              aria-label={t("previousPage")}
              disabled={!previous}
              onClick={previous}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text size="sm" px={4} aria-current="page">
              {t("page", { page })}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t("nextPage")}
              disabled={!meta.next}
              onClick={() => meta.next && list.nextPage(meta.next)}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </Group>
  );
}
