import { useState } from "react";
import { Code, Paper, Stack, Text, Title } from "@mantine/core";
import type { CreatedToken } from "../api/create-token";
import { CreateTokenForm } from "./create-token-form";
import { CreatedTokenModal } from "./created-token-modal";
import { TokenList } from "./token-list";

/** The settings section for tokens that scripts use to call the API as this user. */
export function PersonalAccessTokens() {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  return (
    <Stack component="section" aria-labelledby="tokens-heading" gap="md" maw={1200}>
      <Stack gap={4}>
        <Title order={2} fz="h3" id="tokens-heading">
          Personal access tokens
        </Title>
        <Text size="sm" c="dimmed">
          Tokens let scripts call the Netfleet API as you. Send one in the{" "}
          <Code>Authorization: Bearer …</Code> header.
        </Text>
      </Stack>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Title order={3} fz="md" mb="md">
          Create token
        </Title>
        <CreateTokenForm onCreated={setCreated} />
      </Paper>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Title order={3} fz="md" mb="xs">
          Your tokens
        </Title>
        <TokenList />
      </Paper>
      <CreatedTokenModal token={created} onClose={() => setCreated(null)} />
    </Stack>
  );
}
