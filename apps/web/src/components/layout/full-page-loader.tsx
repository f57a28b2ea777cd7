import { Center, Loader } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";

export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation("common");
  return (
    <Center h="100dvh" role="status" aria-label={label ?? t("loading")}>
      <Loader />
    </Center>
  );
}
