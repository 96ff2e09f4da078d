import { orders } from '../../db/schema/orders';
import { defineRecord } from '../../kit/records';

/** The orders table as the area kit knows it: "Order 12 not found.", audit type 'order'. */
export const orderRecord = defineRecord({ table: orders, thing: 'Order', type: 'order' });
