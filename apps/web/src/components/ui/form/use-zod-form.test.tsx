import { Button, NumberInput, TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailSchema } from "@netfleet/contracts/schemas/account";
import { ApiRequestError } from "../../../lib/api-request-error";
import { http } from "../../../lib/http";
import { type FakeReply, deferred, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { useZodForm } from "./use-zod-form";
import { useZodFormSubmit } from "./use-zod-form-submit";

const schema = z.object({
  email: emailSchema,
  count: z.number().int().min(1),
});

/** A hand-built form as the account pages lay them out: the alert, two fields, a button. */
function WidgetForm({ send }: { send?: (values: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useZodForm(schema, { email: "", count: 1 });
  const submit = useZodFormSubmit(form, {
    send: send ?? ((values) => http.post("/api/widgets", values)),
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <div role="alert">{submit.alert}</div>
      <TextInput label="E-mail" key={form.key("email")} {...form.getInputProps("email")} />
      <NumberInput label="Count" key={form.key("count")} {...form.getInputProps("count")} />
      <Button type="submit" loading={submit.waiting}>
        Save
      </Button>
      <Button
        onClick={() => {
          submit.onSubmit();
          submit.onSubmit();
        }}
      >
        Save twice
      </Button>
    </form>
  );
}

function refusal(errors: { code: string; message: string; source: string | null }[]): FakeReply {
  return { status: 422, body: { success: false, errors } };
}

describe("useZodForm and useZodFormSubmit", () => {
  it("checks the schema's rules before sending, with the console's wording for numbers", async () => {
    const api = fakeApi();
    const { user } = renderPage(<WidgetForm />);

    await user.clear(screen.getByRole("textbox", { name: "Count" }));
    await user.type(screen.getByRole("textbox", { name: "Count" }), "0");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Must be at least 1")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAttribute("aria-invalid", "true");
    expect(api.requests).toHaveLength(0);
  });

  it("sends the schema's parsed output", async () => {
    const api = fakeApi().on("POST", "/api/widgets", success({ id: 1 }));
    const { user } = renderPage(<WidgetForm />);

    await user.type(screen.getByRole("textbox", { name: "E-mail" }), " Ada@Example.com ");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(api.calls("POST", "/api/widgets")).toHaveLength(1));
    expect(api.calls("POST", "/api/widgets")[0]?.body).toEqual({
      email: "ada@example.com",
      count: 1,
    });
  });

  it("puts a refusal's errors under the fields their source names, the first other one above", async () => {
    fakeApi().on(
      "POST",
      "/api/widgets",
      refusal([
        { code: "VALIDATION_FAILED", message: "This address is taken", source: "email" },
        { code: "VALIDATION_FAILED", message: "Widgets are full", source: "widget_id" },
        { code: "CONFLICT", message: "Try again later", source: null },
      ]),
    );
    const { user } = renderPage(<WidgetForm />);

    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("This address is taken")).toBeVisible();
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
      "This address is taken",
    );
    expect(screen.getByRole("alert")).toHaveTextContent(/^Widgets are full$/);
  });

  it("leaves the alert empty when every error found its field", async () => {
    fakeApi().on(
      "POST",
      "/api/widgets",
      refusal([{ code: "VALIDATION_FAILED", message: "Too many", source: "count" }]),
    );
    const { user } = renderPage(<WidgetForm />);

    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Too many")).toBeVisible();
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("FM-423-006 shows nothing when the call was cancelled, and can be sent again", async () => {
    let calls = 0;
    const send = () => {
      calls += 1;
      const reason = "Password confirmation cancelled";
      return Promise.reject(
        new ApiRequestError({ status: 0, message: reason, cancelReason: reason }),
      );
    };
    const { user } = renderPage(<WidgetForm send={send} />);

    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  });

  it("FM-SUBMIT-002 ignores a second submit while the first is under way", async () => {
    const answer = deferred<FakeReply>();
    const api = fakeApi().on("POST", "/api/widgets", () => answer.promise);
    const { user } = renderPage(<WidgetForm />);

    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Save twice" }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toBeDisabled());
    answer.resolve(success({ id: 1 }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toBeEnabled());
    expect(api.calls("POST", "/api/widgets")).toHaveLength(1);
  });
});
