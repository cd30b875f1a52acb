/**
 * The shell's pieces that the first paint does not need, in one chunk loaded after it
 * (`shell-pieces.tsx` renders them): the footer, the content and producer banners, the
 * notification area, the help button, and the arrival attribution.
 */
export { recordArrivalAttribution } from '../features/shell/attribution';
export { ContentBanners } from '../features/shell/content-banners';
export { Footer } from '../features/shell/footer';
export { NotificationArea, ProducerBanners } from '../features/shell/status-area';
export { SupportWidget } from '../features/support/support-widget';
