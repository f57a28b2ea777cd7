import { useState } from "react";
import { Anchor, Image, Paper } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { Image as StoredImage } from "@netfleet/contracts/schemas/images";
import { EmptyState } from "../../../components/ui/empty-state";
import { PagedTable } from "../../../components/ui/paged-table";
import type { TableColumn } from "../../../components/ui/sortable-table";
import { formatBytes, formatDateTime } from "../../../lib/format";
import { imageHref, useCompanyNames, useImages } from "../api/list-images";
import { ImageRowActions } from "./image-actions";

const PAGE_SIZE = 25;

/** A small preview that opens the full image in a new tab. */
function Thumbnail({ image }: { image: StoredImage }) {
  const href = imageHref(image.id);
  return (
    <Anchor href={href} target="_blank" rel="noreferrer" display="block" w={72}>
      <Image src={href} alt={image.name} w={72} h={48} fit="contain" radius="sm" loading="lazy" />
    </Anchor>
  );
}

/** The images of the user's company tree, newest first, paged on the server. */
export function ImagesList() {
  const { t } = useTranslation("files");
  const [page, setPage] = useState(1);
  const images = useImages({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const companies = useCompanyNames(images.data?.data.map((image) => image.company_id) ?? []);

  if (page === 1 && images.data?.meta.total === 0) {
    return (
      <EmptyState title={t("imagesEmptyTitle")} icon={<IconPhoto size={26} stroke={1.6} />}>
        {t("imagesEmptyText")}
      </EmptyState>
    );
  }

  const columns: TableColumn<StoredImage, string>[] = [
    { id: "preview", label: t("colPreview"), render: (image) => <Thumbnail image={image} /> },
    { id: "name", label: t("colName"), render: (image) => image.name },
    { id: "size", label: t("colSize"), render: (image) => formatBytes(image.size) },
    {
      id: "pixels",
      label: t("colPixels"),
      render: (image) => `${image.original_width} × ${image.original_height}`,
    },
    {
      id: "company",
      label: t("colCompany"),
      render: (image) => companies.get(image.company_id) ?? `#${image.company_id}`,
    },
    {
      id: "description",
      label: t("fieldDescription"),
      render: (image) => image.description || "—",
    },
    {
      id: "created_at",
      label: t("colCreated"),
      render: (image) => formatDateTime(image.created_at),
    },
    { id: "actions", label: t("colActions"), render: (image) => <ImageRowActions image={image} /> },
  ];
  return (
    <Paper withBorder radius="md">
      <PagedTable
        label={t("imagesTable")}
        columns={columns}
        result={images}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        minWidth={980}
        errorTitle={t("imagesLoadFailed")}
        emptyText={t("imagesEmptyTitle")}
        inset
      />
    </Paper>
  );
}
