import { newUlid } from '../ids.js';

/** Delivery ids: ULIDs, increasing within one process (sortable, cursor-paginated). */
export const newDeliveryId: () => string = newUlid;
