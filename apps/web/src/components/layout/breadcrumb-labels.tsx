import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

/**
 * Names that replace a route's title in the breadcrumbs once a page knows them, e.g. the
 * automation's name on `automations.info.devices` (shell §2 Layout).
 */
type Labels = Readonly<Record<string, string>>;
type SetLabel = (routeName: string, label: string | undefined) => void;

const LabelsContext = createContext<Labels>({});
const SetLabelContext = createContext<SetLabel>(() => undefined);

export function BreadcrumbLabelsProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Labels>({});
  const setLabel = useCallback<SetLabel>((routeName, label) => {
    setLabels((current) => {
      if (current[routeName] === label) return current;
      const next = { ...current };
      if (label === undefined) delete next[routeName];
      else next[routeName] = label;
      return next;
    });
  }, []);
  return (
    <SetLabelContext.Provider value={setLabel}>
      <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>
    </SetLabelContext.Provider>
  );
}

export function useBreadcrumbLabels(): Labels {
  return useContext(LabelsContext);
}

/** Shows `label` instead of the route's title while the calling page is mounted. */
export function useBreadcrumbLabel(routeName: string, label: string | undefined): void {
  const setLabel = useContext(SetLabelContext);
  useEffect(() => {
    setLabel(routeName, label);
    return () => setLabel(routeName, undefined);
  }, [setLabel, routeName, label]);
}
