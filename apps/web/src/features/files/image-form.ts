import {
  IMAGE_MAX_BYTES,
  type Image,
  imageUpdateBodySchema,
} from "@netfleet/contracts/schemas/images";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import type { FieldDefinition, FormSchema } from "../../components/ui/form/form-types";
import { i18n } from "../../lib/i18n";
import type { I18nResources } from "../../lib/i18n-resources";
import { imagesListQueryKey } from "./api/list-images";
import { companyField } from "./file-form";

const t = (key: keyof I18nResources["files"]) => i18n.t(`files:${key}`);

/** The picker offers, and the browser checks, what the server takes: JPEG or PNG. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,.jpg,.jpeg,.png";

const descriptionField: FieldDefinition = {
  key: "description",
  label: t("fieldDescription"),
  type: "textarea",
  maxlength: 255,
};

/**
 * `POST /api/images` (multipart). The company starts as the user's own; the pixel limit is
 * left to the server, which reads the image's real size.
 */
export function uploadImageForm(company: CurrentUser["company"]): FormSchema {
  return {
    name: "upload-image",
    fields: [
      companyField(company),
      {
        key: "image",
        label: t("fieldImage"),
        type: "file",
        required: true,
        accept: IMAGE_ACCEPT,
        maxSize: IMAGE_MAX_BYTES,
        subtext: t("imageRules"),
      },
      { key: "type", type: "hidden" },
      descriptionField,
    ],
    initialValues: {
      company_id: company.id,
      type: "device_dashboard",
      image: null,
      description: "",
    },
    endpoint: "/api/images",
    method: "post",
    multipart: true,
    // An empty description is left out rather than stored as "".
    transform: ({ description, ...values }) => (description ? { ...values, description } : values),
    item: t("imageItem"),
    verb: "upload",
    submitText: t("uploadImage"),
    reloadQueryKey: imagesListQueryKey,
    helpLinkKey: "files.images",
  };
}

/** `PUT /api/images/{id}`: only the description changes. */
export function editImageForm(image: Image): FormSchema {
  return {
    name: "edit-image",
    fields: [descriptionField],
    initialValues: { description: image.description ?? "" },
    validation: imageUpdateBodySchema,
    endpoint: `/api/images/${image.id}`,
    method: "put",
    item: t("imageItem"),
    verb: "update",
    reloadQueryKey: imagesListQueryKey,
    helpLinkKey: "files.images",
  };
}
