import { useCallback, useState } from "react";
import { STORAGE_KEYS } from "@netfleet/contracts/constants";

/** The side navigation's width, remembered under `wideNav`; wide unless the user chose narrow. */
export function readWideNav(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.wideNav) !== "false";
  } catch {
    return true;
  }
}

export function useWideNav(): [boolean, () => void] {
  const [wide, setWide] = useState(readWideNav);
  const toggle = useCallback(() => {
    setWide((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(STORAGE_KEYS.wideNav, String(next));
      } catch {
        // Without storage the choice lasts for this page only.
      }
      return next;
    });
  }, []);
  return [wide, toggle];
}
