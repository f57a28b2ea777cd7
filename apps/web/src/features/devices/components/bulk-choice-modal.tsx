import { useState } from "react";
import { Button, Group, Modal, MultiSelect, Select } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { BulkAction } from "../api/bulk-actions";
import { useCompanyOptions, useTagOptions } from "../api/list-filter-options";

/**
 * Picks tags or a company, then applies; the options load when it opens. A module of its own,
 * loaded when first opened.
 */
export function ChoiceModal({
  step,
  title,
  loading,
  onApply,
  onCancel,
}: {
  step: "tags" | "move";
  title: string;
  loading: boolean;
  onApply: (action: BulkAction) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("devices");
  const { t: tc } = useTranslation("common");
  const [search, setSearch] = useState("");
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const tags = useTagOptions(search, step === "tags");
  const companies = useCompanyOptions(search, step === "move");
  const options = (step === "tags" ? tags.data : companies.data) ?? [];
  const data = options.map((option) => ({ value: String(option.id), label: option.name }));
  const ready = step === "tags" ? tagIds.length > 0 : companyId !== null;

  return (
    <Modal opened onClose={onCancel} title={title} centered>
      {step === "tags" ? (
        <MultiSelect
          label={t("bulkTagsLabel")}
          data={data}
          value={tagIds}
          onChange={setTagIds}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={t("filterNothing")}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Select
          label={t("bulkMoveLabel")}
          data={data}
          value={companyId}
          onChange={setCompanyId}
          searchable
          onSearchChange={setSearch}
          nothingFoundMessage={t("filterNothing")}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button
          disabled={!ready}
          loading={loading}
          onClick={() =>
            onApply(
              step === "tags"
                ? { kind: "tags", tagIds: tagIds.map(Number) }
                : { kind: "move", companyId: Number(companyId) },
            )
          }
        >
          {t("bulkApply")}
        </Button>
      </Group>
    </Modal>
  );
}
