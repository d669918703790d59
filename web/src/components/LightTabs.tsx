/**
 * Tabs for the public pages' first load (issue 26): Chakra's tabs recipe on plain elements, with
 * the WAI-ARIA tabs pattern (tablist, tab, tabpanel; arrow keys, Home and End move and select),
 * instead of Chakra's Tabs, whose state machine (zag: tabs, presence, props normalising, its
 * runtime) was 13 kB of the sign-in page's first load. Only the selected tab's panel is rendered,
 * as Chakra's `lazyMount unmountOnExit` did. The markup carries the attributes the recipe styles
 * (data-selected, data-orientation), so it looks the same.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps } from '@chakra-ui/react';

const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });
const Root = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & SlotRecipeProps<'tabs'>>('div', 'root');
const List = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const Trigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const Content = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

export interface LightTab<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface LightTabsProps<V extends string> extends SlotRecipeProps<'tabs'> {
  tabs: readonly LightTab<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** Props of the list of tabs (spacing). */
  listProps?: HTMLChakraProps<'div'>;
}

const NEXT: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function LightTabs<V extends string>({ tabs, value, onValueChange, listProps, ...recipe }: LightTabsProps<V>) {
  const id = useId();
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (v: V) => `${id}-tab-${v}`;
  const panelId = (v: V) => `${id}-panel-${v}`;
  const selected = tabs.find((t) => t.value === value) ?? tabs[0];

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const move = NEXT[e.key];
    if (!move) return;
    e.preventDefault();
    const current = tabs.findIndex((t) => t.value === selected?.value);
    const next = move(current, tabs.length);
    triggers.current[next]?.focus();
    onValueChange(tabs[next]!.value);
  }

  return (
    <Root {...recipe} data-orientation="horizontal">
      <List
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        onKeyDown={onKeyDown}
        {...listProps}
      >
        {tabs.map((t, i) => {
          const isSelected = t.value === selected?.value;
          return (
            <Trigger
              key={t.value}
              ref={(el: HTMLButtonElement | null) => {
                triggers.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t.value)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(t.value) : undefined}
              data-selected={isSelected ? '' : undefined}
              data-orientation="horizontal"
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onValueChange(t.value)}
            >
              {t.label}
            </Trigger>
          );
        })}
      </List>
      {selected && (
        <Content
          key={selected.value}
          role="tabpanel"
          id={panelId(selected.value)}
          aria-labelledby={tabId(selected.value)}
          tabIndex={0}
          data-selected=""
          data-orientation="horizontal"
        >
          {selected.content}
        </Content>
      )}
    </Root>
  );
}
