import type { EndpointName } from '../endpoints';
import type { SpecialOfferStatus } from './columns';

/**
 * The special offer state changes, said once for the server's rule and row flags and the
 * console's declarations: label, the past participle of its messages ("Special offer 3 cannot be
 * enabled: it is archived."), the row flag that allows it, the statuses it starts from and the
 * endpoint that performs it, whose permission is the action's. Packages archive and restore by a
 * flag, with the shared factories' words. Schema-free: the console's start-up code imports it.
 */
export interface SpecialOfferActionFacts {
  label: string;
  past: string;
  /** The row flag is named after the action. */
  flag: SpecialOfferAction;
  from: readonly SpecialOfferStatus[];
  endpoint: EndpointName;
}

export type SpecialOfferAction = 'enable' | 'disable' | 'archive' | 'unarchive';

export const SPECIAL_OFFER_ACTIONS: Readonly<Record<SpecialOfferAction, SpecialOfferActionFacts>> = {
  enable: { label: 'Enable', past: 'enabled', flag: 'enable', from: ['disabled'], endpoint: 'specialOffersEnable' },
  disable: { label: 'Disable', past: 'disabled', flag: 'disable', from: ['enabled'], endpoint: 'specialOffersDisable' },
  // Archiving also disables it.
  archive: { label: 'Archive', past: 'archived', flag: 'archive', from: ['enabled', 'disabled'], endpoint: 'specialOffersArchive' },
  unarchive: { label: 'Unarchive', past: 'unarchived', flag: 'unarchive', from: ['archived'], endpoint: 'specialOffersUnarchive' },
};
