import type { MouseEvent, ReactNode } from "react";
import { Menu, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import {
  IconArrowsExchange,
  IconBellRinging,
  IconBolt,
  IconBuilding,
  IconChartBar,
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
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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

  const renderWide = (group: VisibleNavGroup, entry: VisibleNavItem, path: string[]): ReactNode => {
    const Icon = path.length === 2 ? ITEM_ICONS[entry.item.name] : undefined;
    const label = itemLabel(path, entry.item.label);
    const isActive = active(entry, current);
    if (entry.children.length) {
      return (
        <NavLink
          key={entry.item.name}
          label={label}
          leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined}
          defaultOpened={isActive}
          // A closed section's links are drawn when it opens, not hidden beforehand: they
          // were more than half of what the sidebar drew on every page load.
          keepMounted={false}
          active={isActive}
          variant="subtle"
          childrenOffset={30}
          className={classes.link}
        >
          {entry.children.map((child) => renderWide(group, child, [...path, child.item.name]))}
        </NavLink>
      );
    }
    return (
      <NavLink
        key={entry.item.name}
        {...linkProps(entry)}
        label={label}
        leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined}
        active={isActive}
        aria-current={isActive ? "page" : undefined}
        variant={path.length === 2 ? "light" : "subtle"}
        className={classes.link}
      />
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
    <ScrollArea type="scroll" className={classes.scroll}>
      <nav aria-label={t("mainNavigation", { defaultValue: "Main navigation" })}>
        <Stack
          gap={wide ? "md" : "xs"}
          py="sm"
          px={wide ? "sm" : 0}
          align={wide ? "stretch" : "center"}
        >
          {groups.map((group) => (
            <div
              key={group.group.name}
              role="group"
              aria-label={t(`group.${group.group.name}`, { defaultValue: group.group.label })}
            >
              {wide ? (
                <Text className={classes.groupLabel} component="div" aria-hidden>
                  {t(`group.${group.group.name}`, { defaultValue: group.group.label })}
                </Text>
              ) : (
                <div className={classes.groupDivider} aria-hidden />
              )}
              <Stack gap={2} align={wide ? "stretch" : "center"}>
                {group.items.map((entry) =>
                  wide
                    ? renderWide(group, entry, [group.group.name, entry.item.name])
                    : renderNarrow(group, entry),
                )}
              </Stack>
            </div>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
