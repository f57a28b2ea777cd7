import { Fragment, type ReactNode } from "react";
import { Badge, ColorSwatch, Tooltip, UnstyledButton } from "@mantine/core";
import { IconAt, IconCornerDownLeft, IconFileText } from "@tabler/icons-react";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { DeviceStatusBadge } from "../../../components/ui/device-status-badge";
import { displayName, highlightParts } from "../search-text";
import type { SearchHit } from "../search-targets";
import classes from "./global-search.module.css";

/** `text` with every occurrence of the search term marked (SH-SEARCH-018). */
export function Highlighted({ text, term }: { text: string; term: string }) {
  return highlightParts(text, term).map((part, i) =>
    part.match ? (
      <mark key={i} className={classes.mark}>
        {part.text}
      </mark>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}

interface RowParts {
  /** What stands before the text: a badge, a swatch, an id. */
  lead?: ReactNode;
  /** The searched text: a name, or a user's e-mail. */
  text: string;
  /** What stands after the text, such as a file's type. */
  trail?: ReactNode;
}

type RowRenderer = (hit: SearchHit, t: TFunction<"search">) => RowParts;

function TagLead({ hit, t }: { hit: SearchHit; t: TFunction<"search"> }) {
  return (
    <>
      <ColorSwatch
        color={hit.color ?? "var(--mantine-color-gray-5)"}
        size={14}
        withShadow={false}
        aria-hidden
      />
      {hit.actions && hit.actions.length > 0 && (
        <Tooltip label={t("hasActions")}>
          <Badge size="xs" variant="filled" color="gray" radius="sm" aria-label={t("hasActions")}>
            {t("actionsMark")}
          </Badge>
        </Tooltip>
      )}
    </>
  );
}

/** What each category's row shows (SH-SEARCH-019…025, D10). */
const ROWS: Record<SearchCategory, RowRenderer> = {
  pages: (hit) => ({
    lead: <IconFileText size={16} stroke={1.6} aria-hidden />,
    text: displayName(hit.name),
    trail: hit.path ? <span className={classes.path}>{hit.path}</span> : undefined,
  }),
  devices: (hit) => ({
    lead: hit.status === undefined ? undefined : <DeviceStatusBadge status={hit.status} />,
    text: displayName(hit.name),
  }),
  companies: (hit) => ({
    lead: <span className={classes.id}>#{hit.id}</span>,
    text: displayName(hit.name),
  }),
  remoteAccess: (hit, t) => ({
    lead: (
      <Badge size="sm" variant="outline" color="gray" radius="sm" miw={52}>
        {hit.protocol || t("notAvailable")}
      </Badge>
    ),
    text: displayName(hit.name),
  }),
  vpnHubs: (hit, t) => ({
    lead: (
      <Badge size="sm" variant="light" color={hit.enabled ? "green" : "gray"} radius="sm" tt="none">
        {hit.enabled ? t("enabled") : t("disabled")}
      </Badge>
    ),
    text: displayName(hit.name),
  }),
  tags: (hit, t) => ({ lead: <TagLead hit={hit} t={t} />, text: displayName(hit.name) }),
  users: (hit) => ({
    lead: <IconAt size={16} stroke={1.6} aria-hidden />,
    text: displayName(hit.email),
  }),
  files: (hit, t) => ({
    text: displayName(hit.name),
    trail: hit.type ? (
      <Badge size="sm" variant="light" color="gray" radius="sm" tt="none">
        {t(`fileType.${hit.type}`, { defaultValue: hit.type })}
      </Badge>
    ) : undefined,
  }),
};

interface SearchResultRowProps {
  category: SearchCategory;
  hit: SearchHit;
  term: string;
  /** Where choosing the row leads; null leaves it as plain text. */
  to: string | null;
  onChoose: () => void;
}

/** One result: a link to the item's page, reachable with Tab and the arrow keys. */
export function SearchResultRow({ category, hit, term, to, onChoose }: SearchResultRowProps) {
  const { t } = useTranslation("search");
  const { lead, text, trail } = ROWS[category](hit, t);
  const body = (
    <>
      {lead}
      <span className={classes.rowText}>
        <Highlighted text={text} term={term} />
      </span>
      {trail}
    </>
  );
  if (!to) return <div className={classes.row}>{body}</div>;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className={classes.row}
      onClick={onChoose}
      data-search-result=""
    >
      {body}
      <IconCornerDownLeft size={14} className={classes.enter} aria-hidden />
    </UnstyledButton>
  );
}
