import { defineResource } from '../model/define';
import { field } from '../model/fields';

/**
 * Member institutions' dues (年費), one row per institution and year: staff keep them, the member
 * area shows an institution its own (paid, due, overdue) and a receipt for each paid year.
 */
export default defineResource({
  name: 'webmemberdues',
  label: { tw: '會員年費', en: 'Member dues' },
  titleField: 'year',
  localized: false,
  visibility: false,
  access: { read: 'user', write: 'user' },
  uniqueTogether: ['memberId', 'year'],
  fields: {
    memberId: field.reference('webmemberdept', ['會員機構', 'Member institution'], {
      required: true,
      listed: true,
      titled: true,
    }),
    year: field.integer(['年度', 'Year'], { required: true, min: 1900, max: 2999, listed: true }),
    amount: field.integer(['金額', 'Amount'], { required: true, min: 0, max: 100_000_000, listed: true }),
    dueOn: field.date(['繳費期限', 'Due on'], { required: true, listed: true }),
    paidOn: field.date(['繳費日期', 'Paid on'], { listed: true }),
    receiptNo: field.text(['收據編號', 'Receipt number'], { max: 50, searchable: true, listed: true }),
    note: field.longtext(['備註', 'Note'], { max: 2000 }),
  },
  defaultSort: [
    { field: 'year', direction: 'desc' },
    { field: 'memberId', direction: 'asc' },
  ],
  menu: 'membersGroup',
});
