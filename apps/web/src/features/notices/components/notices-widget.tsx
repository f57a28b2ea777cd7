/** The header's global notices widget (shell §2 Notifications and notices). */
export function NoticesWidget(_props: { routeName: string | null }) {
  return null;
}
