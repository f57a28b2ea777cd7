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
import { IconAlertCircle, IconRouter, IconSearch } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { SEARCH } from "@netfleet/contracts/constants";
import { toApiRequestError } from "../../../lib/http";
import { useDevices } from "../api/list-devices";
import { type DeviceSort, formatSort, parseSort } from "../device-sort";
import { DevicesTable } from "./devices-table";

export const DEVICES_PAGE_SIZE = 25;

function EmptyState({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon variant="light" size={44} radius="xl" color="gray" aria-hidden>
        <IconRouter size={24} />
      </ThemeIcon>
      {query ? (
        <>
          <Text fw={600}>No devices match “{query}”</Text>
          <Text size="sm" c="dimmed">
            Search looks at names, serial numbers and MAC addresses.
          </Text>
          <Button variant="light" size="xs" mt="xs" onClick={onClear}>
            Clear search
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>No devices yet</Text>
          <Text size="sm" c="dimmed">
            Devices appear here once they are added to one of your companies.
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * The device list with server-side search, sorting and paging. Its state lives in the
 * URL (`?q=&sort=&page=`) so that reloading, sharing and Back keep the same view.
 */
export function DevicesList() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const sort = parseSort(params.get("sort"));
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const [search, setSearch] = useState(q);

  const devices = useDevices({
    limit: DEVICES_PAGE_SIZE,
    offset: (page - 1) * DEVICES_PAGE_SIZE,
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

  const changeSort = (next: DeviceSort) => update({ sort: formatSort(next), page: null });
  const changePage = (next: number) => update({ page: next > 1 ? String(next) : null });

  const total = devices.data?.meta.total ?? 0;
  const rows = devices.data?.data;
  const pages = Math.max(1, Math.ceil(total / DEVICES_PAGE_SIZE));
  const from = (page - 1) * DEVICES_PAGE_SIZE + 1;
  const to = (page - 1) * DEVICES_PAGE_SIZE + (rows?.length ?? 0);

  return (
    <Paper withBorder>
      <Group p="md" justify="space-between" gap="sm">
        <TextInput
          type="search"
          aria-label="Search devices"
          placeholder="Search by name, serial or MAC"
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

      {devices.isError ? (
        <Alert
          m="md"
          mt={0}
          color="red"
          variant="light"
          title="Could not load devices"
          icon={<IconAlertCircle size={18} />}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{toApiRequestError(devices.error).message}</Text>
            <Button size="xs" variant="default" onClick={() => void devices.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : rows && rows.length === 0 && total === 0 ? (
        <EmptyState query={q} onClear={clearSearch} />
      ) : rows && rows.length === 0 ? (
        <Stack align="center" gap="xs" py={48}>
          <Text fw={600}>This page is empty</Text>
          <Button variant="light" size="xs" onClick={() => changePage(1)}>
            Go to the first page
          </Button>
        </Stack>
      ) : (
        <>
          <DevicesTable
            devices={rows}
            sort={sort}
            onSortChange={changeSort}
            stale={devices.isPlaceholderData}
          />
          {rows && (
            <Group
              justify="space-between"
              p="md"
              gap="sm"
              style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
            >
              <Text size="sm" c="dimmed" aria-live="polite">
                {from}–{to} of {total}
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
                        ? "Previous page"
                        : control === "next"
                          ? "Next page"
                          : control,
                  })}
                  getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
                />
              )}
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
