/** A message catalogue compiled by `@lingui/vite-plugin` (lingui.config.ts). */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
