import { RoutePage } from "../../../components/layout/route-page";
import { UploadImageButton } from "../../../features/files/components/image-actions";
import { ImagesList } from "../../../features/files/components/images-list";

export function Component() {
  return (
    <RoutePage actions={<UploadImageButton />}>
      <ImagesList />
    </RoutePage>
  );
}
