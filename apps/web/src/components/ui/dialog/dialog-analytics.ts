/** What the dialog system reports to analytics (FM-DIALOG-020/021). */
export interface DialogAnalyticsEvent {
  type: "dialog_open" | "dialog_minimize";
  id: string;
  title: string;
}

export type DialogAnalyticsSink = (event: DialogAnalyticsEvent) => void;

const noop: DialogAnalyticsSink = () => undefined;
let sink: DialogAnalyticsSink = noop;

/**
 * Routes dialog events to an analytics backend; without one they go nowhere. Passing
 * nothing restores the default.
 */
export function setDialogAnalyticsSink(next?: DialogAnalyticsSink): void {
  sink = next ?? noop;
}

export function trackDialog(event: DialogAnalyticsEvent): void {
  try {
    sink(event);
  } catch {
    // Analytics must never break the console.
  }
}
