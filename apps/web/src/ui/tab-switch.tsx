import type { ReactNode } from 'react';
import styles from './tab-switch.module.css';

export interface TabSwitchTab<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A row of equal-width tabs, the selected one filled (crash lists, virtuals, jackpots). With
 * `panelId`, each tab names the panel it controls and the panel can name its tab
 * (`tabSwitchId(panelId, id)`); `compact` fits five short labels on a 360 px screen.
 */
export function TabSwitch<T extends string>(props: {
  tabs: readonly TabSwitchTab<T>[];
  value: T;
  onChange: (id: T) => void;
  panelId?: string;
  compact?: boolean;
  className?: string;
}) {
  const classes = [styles.switch, props.compact ? styles.compact : '', props.className ?? ''];
  return (
    <div className={classes.filter(Boolean).join(' ')} role="tablist">
      {props.tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={props.value === tab.id}
          {...(props.panelId
            ? { id: tabSwitchId(props.panelId, tab.id), 'aria-controls': props.panelId }
            : {})}
          className={props.value === tab.id ? styles.tabOn : styles.tab}
          onClick={() => props.onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function tabSwitchId(panelId: string, tab: string): string {
  return `${panelId}-${tab}`;
}
