export { ticketsApi } from './api/ticketsApi';
export { BottomNav } from './components/BottomNav';
export { TicketFrame, INACTIVE_TICKET } from './components/TicketFrame';
export { useTicketSession } from './hooks/useTicketSession';
export { useManifest } from './hooks/useManifest';
export { OfflineBanner, OFFLINE_MESSAGE } from './components/OfflineBanner';
export { useOnline } from './hooks/useOnline';
