import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "../../../../lib/i18n";
import { EmptyState } from "../../../../components/ui/empty-state";

/** A tab whose capability this version does not have: it says so, and shows no made-up data. */
export function UnavailableTab({ title }: { title: string }) {
  const { t } = useTranslation("navigation");
  return (
    <EmptyState title={t("unavailableTitle")} icon={<IconHourglass size={26} stroke={1.6} />}>
      {t("unavailableText", { title })}
    </EmptyState>
  );
}
