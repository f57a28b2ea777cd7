import type { ReactNode } from "react";
import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { createTokenBodySchema } from "@netfleet/contracts/schemas/account";
import type { ApiScope } from "@netfleet/contracts/scopes";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { type CreatedToken, useCreateToken } from "../api/create-token";
import { FormAlert } from "./form-alert";
import { ScopeCheckboxGrid } from "./scope-checkbox-grid";

// The number input reports an empty field as "", which means "never expires".
const createTokenFormSchema = createTokenBodySchema.extend({
  expires_in_days: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    createTokenBodySchema.shape.expires_in_days,
  ),
});

interface CreateTokenFormProps {
  onCreated: (token: CreatedToken) => void;
}

export function CreateTokenForm({ onCreated }: CreateTokenFormProps) {
  const { t } = useTranslation("account");
  const form = useZodForm(createTokenFormSchema, {
    name: "",
    scopes: [] as ApiScope[],
    expires_in_days: "",
  });
  const create = useCreateToken();
  const submit = useZodFormSubmit(form, {
    send: create.mutateAsync,
    onSuccess: (token) => {
      form.reset();
      onCreated(token);
    },
  });

  const scopes = form.getInputProps("scopes");
  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={t("createToken")}>
      <FormAlert message={submit.alert} />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
          <TextInput
            label={t("tokenName")}
            description={t("tokenNameHint")}
            required
            autoComplete="off"
            key={form.key("name")}
            {...form.getInputProps("name")}
          />
          <NumberInput
            label={t("expiresInDays")}
            description={t("expiresHint")}
            placeholder={t("never")}
            min={1}
            max={3650}
            allowDecimal={false}
            allowNegative={false}
            key={form.key("expires_in_days")}
            {...form.getInputProps("expires_in_days")}
          />
        </SimpleGrid>
        <ScopeCheckboxGrid
          value={form.getValues().scopes}
          onChange={(value) => form.setFieldValue("scopes", value)}
          error={scopes.error as ReactNode}
        />
        <Group>
          <Button
            type="submit"
            loading={submit.waiting}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t("createToken")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
