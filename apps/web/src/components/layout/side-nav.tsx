import { useState, type MouseEvent, type ReactNode } from "react";
import { Menu, Tooltip, UnstyledButton } from "@mantine/core";
import {
  IconArrowsExchange,
  IconBellRinging,
  IconBolt,
  IconBuilding,
  IconChartBar,
  IconChevronRight,
  IconCoins,
  IconCpu,
  IconFiles,
  IconHistory,
  IconListCheck,
  IconMail,
  IconNetwork,
  IconPlugConnected,
  IconReportAnalytics,
  IconRouter,
  IconShieldCheck,
  IconSpeakerphone,
  IconTags,
  IconTemplate,
  IconUsers,
  IconWifi,
  type Icon,
} from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { Link } from "../../lib/router";
import {
  isNavItemActive,
  type VisibleNavGroup,
  type VisibleNavItem,
} from "@netfleet/contracts/navigation";
import classes from "./side-nav.module.css";

const ITEM_ICONS: Readonly<Record<string, Icon>> = {
  devices: IconRouter,
  wifi: IconWifi,
  "task-manager": IconListCheck,
  reports: IconReportAnalytics,
  automations: IconBellRinging,
  "monitoring-templates": IconTemplate,
  "remote-access": IconPlugConnected,
  "access-history": IconHistory,
  "vpn-hubs": IconNetwork,
  "vpn-quick-connect": IconBolt,
  companies: IconBuilding,
  users: IconUsers,
  tags: IconTags,
  files: IconFiles,
  resources: IconCoins,
  statistics: IconChartBar,
  "global-firmware": IconCpu,
  "global-notices": IconSpeakerphone,
  "approved-devices": IconShieldCheck,
  "mail-logs": IconMail,
  "move-device-resources": IconArrowsExchange,
};

export interface NavLocation {
  routeName: string | null;
  pathname: string;
}

interface SideNavProps {
  groups: readonly VisibleNavGroup[];
  wide: boolean;
  current: NavLocation;
  /** Called for a click on the link of the page already open: the page reloads its data. */
  onReloadCurrent: () => void;
}

function active(entry: VisibleNavItem, current: NavLocation): boolean {
  return (
    isNavItemActive(entry.item, current) || entry.children.some((child) => active(child, current))
  );
}

/** The sidebar: five groups of links, wide with labels or narrow with icons (shell §2). */
export function SideNav({ groups, wide, current, onReloadCurrent }: SideNavProps) {
  const { t } = useTranslation("navigation");
  const itemLabel = (path: string[], fallback: string) =>
    t(`item.${path.join(".")}`, { defaultValue: fallback });

  const linkProps = (entry: VisibleNavItem) => ({
    component: Link,
    to: entry.to ?? "",
    onClick: (event: MouseEvent) => {
      if (entry.to === current.pathname) {
        event.preventDefault();
        onReloadCurrent();
      }
    },
  });

  // The wide sidebar is plain links and buttons styled by side-nav.module.css rather than
  // Mantine's NavLink: it is drawn on every page load, and NavLink's twenty components per
  // entry made it a third of the first render.
  const renderWide = (entry: VisibleNavItem, path: string[]): ReactNode => {
    const Icon = path.length === 2 ? ITEM_ICONS[entry.item.name] : undefined;
    const label = itemLabel(path, entry.item.label);
    const isActive = active(entry, current);
    const content = (
      <>
        {Icon && <Icon size={18} stroke={1.6} aria-hidden className={classes.linkIcon} />}
        <span className={classes.linkLabel}>{label}</span>
      </>
    );
    if (entry.children.length) {
      return (
        <NavSection key={entry.item.name} active={isActive} content={content}>
          {entry.children.map((child) => renderWide(child, [...path, child.item.name]))}
        </NavSection>
      );
    }
    const { to, onClick } = linkProps(entry);
    return (
      <Link
        key={entry.item.name}
        to={to}
        onClick={onClick}
        className={classes.link}
        data-active={isActive || undefined}
        data-top={path.length === 2 || undefined}
        aria-current={isActive ? "page" : undefined}
      >
        {content}
      </Link>
    );
  };

  const renderNarrow = (group: VisibleNavGroup, entry: VisibleNavItem): ReactNode => {
    const Icon = ITEM_ICONS[entry.item.name] ?? IconListCheck;
    const label = itemLabel([group.group.name, entry.item.name], entry.item.label);
    const isActive = active(entry, current);
    const icon = <Icon size={20} stroke={1.6} aria-hidden />;
    const common = {
      className: classes.iconLink,
      "data-active": isActive || undefined,
      "aria-label": label,
    };
    const button = entry.children.length ? (
      <UnstyledButton {...common}>{icon}</UnstyledButton>
    ) : (
      <UnstyledButton
        {...common}
        {...linkProps(entry)}
        aria-current={isActive ? "page" : undefined}
      >
        {icon}
      </UnstyledButton>
    );
    if (!entry.children.length) {
      return (
        <Tooltip key={entry.item.name} label={label} position="right" withArrow openDelay={200}>
          {button}
        </Tooltip>
      );
    }
    return (
      <Menu key={entry.item.name} position="right-start" withArrow trigger="click-hover">
        <Menu.Target>{button}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{label}</Menu.Label>
          {entry.children.map((child) => (
            <Menu.Item key={child.item.name} {...linkProps(child)}>
              {itemLabel([group.group.name, entry.item.name, child.item.name], child.item.label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  };

  return (
    <nav
      aria-label={t("mainNavigation", { defaultValue: "Main navigation" })}
      className={classes.scroll}
      data-wide={wide || undefined}
    >
      {groups.map((group) => (
        <div
          key={group.group.name}
          role="group"
          aria-label={t(`group.${group.group.name}`, { defaultValue: group.group.label })}
        >
          {wide ? (
            <div className={classes.groupLabel} aria-hidden>
              {t(`group.${group.group.name}`, { defaultValue: group.group.label })}
            </div>
          ) : (
            <div className={classes.groupDivider} aria-hidden />
          )}
          <div className={classes.items}>
            {group.items.map((entry) =>
              wide
                ? renderWide(entry, [group.group.name, entry.item.name])
                : renderNarrow(group, entry),
            )}
          </div>
        </div>
      ))}
    </nav>
  );
}

/**
 * A wide entry with links under it: a button that opens and closes them, open at first when
 * one of them is the page shown. A closed section's links are not drawn at all.
 */
function NavSection(props: { active: boolean; content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(props.active);
  return (
    <>
      <button
        type="button"
        className={classes.link}
        data-active={props.active || undefined}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {props.content}
        <IconChevronRight size={14} stroke={2} aria-hidden className={classes.chevron} />
      </button>
      {open && <div className={classes.children}>{props.children}</div>}
    </>
  );
}
