import type { FormEvent } from "react";
import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import {
  COMPANY_NAME_MAX_LENGTH,
  companyUpdateBodySchema,
} from "@netfleet/contracts/schemas/companies";
import { sameValueBlocked } from "@netfleet/contracts/validation";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { successMessage } from "../../../components/ui/form/result-messages";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { companiesQueryKey } from "../api/list-companies";
import { renameCompany } from "../api/rename-company";
import { translateCompanyMessage } from "../company-messages";

export interface RenameCompanyProps {
  company: { id: number; name: string };
}

/**
 * Renames a company. Saving the name it already has sends nothing: a toast asks for a
 * different value instead (FM-VALID-003), as the server would refuse it anyway.
 */
export function RenameCompanyForm({ company, close }: RenameCompanyProps & DialogBodyProps) {
  const { t } = useTranslation("companies");
  const { t: tf } = useTranslation("form-errors");
  const queryClient = useQueryClient();
  const form = useZodForm(companyUpdateBodySchema, { name: company.name });
  const submit = useZodFormSubmit(form, {
    send: (body) => renameCompany(company.id, { name: body.name }),
    onSuccess: () => {
      notifications.show({ color: "teal", message: successMessage(t("item"), "update") });
      close();
      void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const blocked = sameValueBlocked(company.name, form.getValues().name);
    if (blocked) {
      event.preventDefault();
      notifications.show({ color: "yellow", message: translateCompanyMessage(blocked) });
      return;
    }
    submit.onSubmit(event);
  };

  const error = form.errors.name;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {submit.alert && (
          <Alert color="red" role="alert">
            {translateCompanyMessage(submit.alert)}
          </Alert>
        )}
        <TextInput
          label={t("fieldName")}
          required
          maxLength={COMPANY_NAME_MAX_LENGTH}
          data-autofocus
          {...form.getInputProps("name")}
          error={typeof error === "string" ? translateCompanyMessage(error) : error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={submit.waiting}>
            {tf("cancel")}
          </Button>
          <Button type="submit" loading={submit.waiting}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
