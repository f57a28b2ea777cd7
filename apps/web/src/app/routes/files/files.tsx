import { RoutePage } from "../../../components/layout/route-page";
import { UploadFileButton } from "../../../features/files/components/file-actions";
import { FilesList } from "../../../features/files/components/files-list";

export function Component() {
  return (
    <RoutePage actions={<UploadFileButton />}>
      <FilesList />
    </RoutePage>
  );
}
