import { useState } from "react";
import { Code, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useTranslation } from "../../../lib/i18n";
import type { CreatedToken } from "../api/create-token";
import { CreateTokenForm } from "./create-token-form";
import { CreatedTokenModal } from "./created-token-modal";
import { TokenList } from "./token-list";

/** The settings section for tokens that scripts use to call the API as this user. */
export function PersonalAccessTokens() {
  const { t } = useTranslation("account");
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <Stack component="section" aria-labelledby="tokens-heading" gap="md" maw={1200}>
      <Stack gap={4}>
        <Title order={2} fz="h3" id="tokens-heading">
          {t("tokensTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          <Trans t={t} i18nKey="tokensIntro" components={[<Code />]} />
        </Text>
      </Stack>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Title order={3} fz="md" mb="md">
          {t("createToken")}
        </Title>
        <CreateTokenForm onCreated={setCreated} />
      </Paper>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Title order={3} fz="md" mb="xs">
          {t("yourTokens")}
        </Title>
        <TokenList />
      </Paper>
      <CreatedTokenModal token={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
