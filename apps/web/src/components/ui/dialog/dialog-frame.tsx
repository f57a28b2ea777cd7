import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { ActionIcon, Paper, Text, Tooltip } from "@mantine/core";
import { IconHelp, IconMaximize, IconMinimize, IconMinus, IconX } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { helpLinkUrl } from "@netfleet/contracts/help-links";
import classes from "./dialog-frame.module.css";
import type { DialogDefinition } from "./dialog-types";
import { useDialogDrag } from "./use-dialog-drag";

const ORIGIN = { x: 0, y: 0 };

const WIDTHS = { xs: 320, sm: 440, md: 580, lg: 780, xl: 1000 } as const;

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogFrameProps {
  title: string;
  subtitle?: string;
  /** Shows the help icon linking to the documentation of this key (FM-DIALOG-019). */
  helpLinkKey?: string;
  /** The mobile layout: a sheet covering the window, never dragged (FM-DIALOG-026). */
  mobile?: boolean;
  /** Drawn in the page flow rather than floating (the form route). */
  standalone?: boolean;
  /** Shows the close button. */
  onClose?: () => void;
  /** Shows the minimise button. */
  onMinimize?: () => void;
  /** Shows the full-screen button (FM-DIALOG-017). */
  onToggleFullscreen?: () => void;
  fullscreen?: boolean;
  hideHeader?: boolean;
  hideHeaderControls?: boolean;
  /** The main dialog is modal for assistive technology and keeps Tab inside itself. */
  main?: boolean;
  /** Minimised: kept mounted, so that what was typed survives, but not shown. */
  hidden?: boolean;
  zIndex?: number;
  offset?: { x: number; y: number };
  /** Enables dragging by the header (FM-DIALOG-015). */
  onMove?: (offset: { x: number; y: number }) => void;
  /** A press anywhere in the frame (it becomes the main dialog). */
  onActivate?: () => void;
  /** Takes the focus whenever this changes. */
  focusRequest?: number;
  disabled?: boolean;
  noPadding?: boolean;
  size?: DialogDefinition["size"];
  bodyRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

function focusInto(frame: HTMLElement) {
  if (frame.contains(document.activeElement) && document.activeElement !== frame) return;
  const preferred = frame.querySelector<HTMLElement>("[data-autofocus]");
  // A searchable select opens its list on focus and would cover the fields below it.
  const field = frame.querySelector<HTMLElement>(
    `[data-dialog-body] :is(${TABBABLE}):not([aria-haspopup])`,
  );
  const first = frame.querySelector<HTMLElement>(`[data-dialog-body] :is(${TABBABLE})`);
  (preferred ?? field ?? first ?? frame).focus();
}

/** Keeps Tab and Shift+Tab cycling inside the frame. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (
    event.shiftKey &&
    (document.activeElement === first || document.activeElement === event.currentTarget)
  ) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The frame of one dialog (forms §2): header with title, subtitle and controls, and a body
 * that scrolls. `DialogHost` floats it over the page; the form route draws it standalone.
 */
export function DialogFrame(props: DialogFrameProps) {
  const { t } = useTranslation("dialogs");
  const titleId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const {
    mobile = false,
    standalone = false,
    fullscreen = false,
    main = true,
    offset = ORIGIN,
    onMove,
    onActivate,
    focusRequest,
    hidden,
    bodyRef,
  } = props;
  const sheet = mobile || (fullscreen && !standalone);
  const drag = useDialogDrag({
    enabled: Boolean(onMove) && !sheet && !standalone,
    frameRef,
    headerRef,
    offset,
    onMove: (next) => onMove?.(next),
  });
  const [returnTo] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    if (hidden || focusRequest === undefined || !frameRef.current) return;
    focusInto(frameRef.current);
  }, [focusRequest, hidden]);

  // Focus goes back to where it was before the dialog opened.
  useEffect(
    () => () => {
      if (returnTo?.isConnected) returnTo.focus();
    },
    [returnTo],
  );

  const helpUrl = props.helpLinkKey ? helpLinkUrl(props.helpLinkKey) : undefined;
  const controls = !props.hideHeaderControls;
  const width = `${WIDTHS[props.size ?? "md"]}px`;
  const style: CSSProperties = sheet
    ? { zIndex: props.zIndex }
    : standalone
      ? { width }
      : {
          zIndex: props.zIndex,
          width,
          transform: `translate(calc(-50% + ${offset.x}px), ${offset.y}px)`,
        };
  if (hidden) style.display = "none";

  return (
    <Paper
      ref={frameRef}
      role="dialog"
      data-dialog-frame
      aria-modal={main && !standalone ? true : undefined}
      aria-labelledby={props.hideHeader ? undefined : titleId}
      aria-label={props.hideHeader ? props.title : undefined}
      data-main={main || undefined}
      data-fullscreen={fullscreen || undefined}
      data-mobile={mobile || undefined}
      tabIndex={-1}
      shadow={main ? "xl" : "md"}
      radius={sheet ? 0 : "md"}
      withBorder={!sheet}
      className={sheet ? classes.sheet : standalone ? classes.standalone : classes.frame}
      style={style}
      onPointerDownCapture={onActivate}
      onFocusCapture={onActivate}
      onKeyDown={main ? trapTab : undefined}
    >
      {!props.hideHeader && (
        <div
          ref={headerRef}
          className={`${classes.header} ${onMove && !sheet && !standalone ? classes.draggable : ""}`}
          data-dialog-header
          {...drag}
        >
          <div className={classes.titles}>
            <Text id={titleId} fw={600} truncate="end">
              {props.title}
            </Text>
            {props.subtitle && (
              <Text size="xs" c="dimmed" truncate="end">
                {props.subtitle}
              </Text>
            )}
          </div>
          {helpUrl && (
            <Tooltip label={t("help")}>
              <ActionIcon
                component="a"
                href={helpUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                aria-label={t("help")}
              >
                <IconHelp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {controls && props.onMinimize && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("minimize")}
              onClick={props.onMinimize}
            >
              <IconMinus size={18} aria-hidden />
            </ActionIcon>
          )}
          {controls && props.onToggleFullscreen && !mobile && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={fullscreen ? t("exitFullscreen") : t("fullscreen")}
              aria-pressed={fullscreen}
              onClick={props.onToggleFullscreen}
            >
              {fullscreen ? (
                <IconMinimize size={18} aria-hidden />
              ) : (
                <IconMaximize size={18} aria-hidden />
              )}
            </ActionIcon>
          )}
          {controls && props.onClose && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("close")}
              onClick={props.onClose}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          )}
        </div>
      )}
      <div
        ref={bodyRef}
        data-dialog-body
        className={[
          classes.body,
          props.noPadding && classes.noPadding,
          props.disabled && classes.disabled,
        ]
          .filter(Boolean)
          .join(" ")}
        aria-disabled={props.disabled || undefined}
        inert={props.disabled || undefined}
      >
        {props.children}
      </div>
    </Paper>
  );
}
