import { useState } from "react";
import {
  Alert,
  Button,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconAlertCircle, IconSearch, IconUserShield } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SEARCH } from "@netfleet/contracts/constants";
import { toApiRequestError } from "../../../lib/http";
import { useImpersonationLogs } from "../api/list-impersonation-logs";
import { type LogSort, formatSort, parseSort } from "../log-sort";
import { ImpersonationLogsTable } from "./impersonation-logs-table";

export const LOGS_PAGE_SIZE = 25;

function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  const { t } = useTranslation("impersonation");
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon variant="light" size={44} radius="xl" color="gray" aria-hidden>
        <IconUserShield size={24} />
      </ThemeIcon>
      {query ? (
        <>
          <Text fw={600}>{t("logsNoMatch", { query })}</Text>
          <Button variant="light" size="xs" mt="xs" onClick={onClear}>
            {t("clearSearch")}
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>{t("logsEmptyTitle")}</Text>
          <Text size="sm" c="dimmed">
            {t("logsEmptyText")}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * Who impersonated whom and when, with server-side search, sorting and paging. The view
 * lives in the URL (`?q=&sort=&page=`) so that reloading, sharing and Back keep it.
 */
export function ImpersonationLogs() {
  const { t } = useTranslation("impersonation");
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const sort = parseSort(params.get("sort"));
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const [search, setSearch] = useState(q);

  const logs = useImpersonationLogs({
    limit: LOGS_PAGE_SIZE,
    offset: (page - 1) * LOGS_PAGE_SIZE,
    q: q || undefined,
    sort: sort ? formatSort(sort) : undefined,
  });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const applySearch = useDebouncedCallback((value: string) => {
    update({ q: value.trim() || null, page: null });
  }, SEARCH.debounceMs);

  const clearSearch = () => {
    applySearch.cancel();
    setSearch("");
    update({ q: null, page: null });
  };

  const changeSort = (next: LogSort) => update({ sort: formatSort(next), page: null });
  const changePage = (next: number) => update({ page: next > 1 ? String(next) : null });

  const total = logs.data?.meta.total ?? 0;
  const rows = logs.data?.data;
  const pages = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
  const from = (page - 1) * LOGS_PAGE_SIZE + 1;
  const to = (page - 1) * LOGS_PAGE_SIZE + (rows?.length ?? 0);

  return (
    <Paper withBorder>
      <Group p="md" justify="space-between" gap="sm">
        <TextInput
          type="search"
          aria-label={t("searchLogs")}
          placeholder={t("searchLogsPlaceholder")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") applySearch.flush();
          }}
          w={{ base: "100%", xs: 360 }}
        />
      </Group>

      {logs.isError ? (
        <Alert
          m="md"
          mt={0}
          color="red"
          variant="light"
          title={t("logsFailed")}
          icon={<IconAlertCircle size={18} />}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{toApiRequestError(logs.error).message}</Text>
            <Button size="xs" variant="default" onClick={() => void logs.refetch()}>
              {t("retry")}
            </Button>
          </Stack>
        </Alert>
      ) : rows && rows.length === 0 && total === 0 ? (
        <EmptyState query={q} onClear={clearSearch} />
      ) : rows && rows.length === 0 ? (
        <Stack align="center" gap="xs" py={48}>
          <Text fw={600}>{t("emptyPage")}</Text>
          <Button variant="light" size="xs" onClick={() => changePage(1)}>
            {t("firstPage")}
          </Button>
        </Stack>
      ) : (
        <>
          <ImpersonationLogsTable
            logs={rows}
            sort={sort}
            onSortChange={changeSort}
            stale={logs.isPlaceholderData}
          />
          {rows && (
            <Group
              justify="space-between"
              p="md"
              gap="sm"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
            >
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("range", { from, to, total })}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={page}
                  onChange={changePage}
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
              )}
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
