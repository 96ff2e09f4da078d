import { UserPicker, type UserPickerProps, type UserSearch } from '../../forms/fields/UserPicker';
import { api } from '../../api/client';

/** A coupon manager who may not see users still finds customers here: up to 20 by id, e-mail or name. */
const searchCustomers: UserSearch = (search, signal) => api('incentivesUsers', { query: { search }, signal });

/**
 * A customer picked by e-mail, name or id (the referral manager of a coupon, the customer of a price
 * preview): the users search, or the incentives' own customer search for a member who manages
 * coupons without seeing users. `value` is the user's id as text.
 */
export function CustomerPicker(props: Omit<UserPickerProps, 'by' | 'searchWithout'>) {
  return <UserPicker {...props} by="id" searchWithout={searchCustomers} />;
}
