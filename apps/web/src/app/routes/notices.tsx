import { RoutePage } from "../../components/layout/route-page";
import { NoticesAdmin } from "../../features/notices/components/notices-admin";
import { NewNoticeButton, useNoticeEditor } from "../../features/notices/components/notice-editor";

export function Component() {
  const editor = useNoticeEditor();
  return (
    <RoutePage actions={<NewNoticeButton onClick={editor.openNew} />}>
      <NoticesAdmin onEdit={editor.openEdit} />
      {editor.modal}
    </RoutePage>
  );
}
