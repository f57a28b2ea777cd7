import { ScrollArea, SegmentedControl } from "@mantine/core";
import { useUrlParams } from "../../lib/url-params";

/** The choice that removes the filter. */
const ALL = "all";

/**
 * A one-of filter of a list kept in the URL as `?{param}=`: the value when it is one of
 * `choices`, and a setter that goes back to the first page ("all" removes the filter).
 */
export function useUrlChoice<T extends string>(
  param: string,
  choices: readonly T[],
): [T | undefined, (value: string) => void] {
  const [params, update] = useUrlParams();
  const requested = params.get(param);
  const value = choices.find((choice) => choice === requested);
  const change = (next: string) => update({ [param]: next === ALL ? null : next, page: null });
  return [value, change];
}

/**
 * The segmented control of such a filter: "all" first, then each choice. On a phone the
 * choices may not fit its width; the control then scrolls sideways.
 */
export function UrlChoiceFilter<T extends string>({
  label,
  value,
  onChange,
  allLabel,
  choices,
}: {
  label: string;
  value: T | undefined;
  onChange: (value: string) => void;
  allLabel: string;
  choices: readonly { value: T; label: string }[];
}) {
  return (
    <ScrollArea
      type="auto"
      scrollbars="x"
      offsetScrollbars
      style={{ alignSelf: "flex-start", maxWidth: "100%" }}
    >
      <SegmentedControl
        aria-label={label}
        value={value ?? ALL}
        onChange={onChange}
        data={[{ value: ALL, label: allLabel }, ...choices]}
      />
    </ScrollArea>
  );
}
