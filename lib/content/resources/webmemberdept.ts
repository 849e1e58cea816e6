import { defineResource } from '../model/define';
import { field } from '../model/fields';

export default defineResource({
  name: 'webmemberdept',
  label: { tw: '會員機構', en: 'Member institutions' },
  openData: true,
  importKey: 'name',
  titleField: 'name',
  ordered: true,
  fields: {
    name: field.text(['機構名稱', 'Name'], { required: true, searchable: true, listed: true }),
    shortName: field.text(['簡稱', 'Short name'], { max: 50, searchable: true, listed: true }),
    category: field.section('memberCategories', ['類別', 'Category'], { listed: true }),
    address: field.text(['地址', 'Address'], { max: 300, memberEditable: true }),
    phone: field.text(['電話', 'Phone'], { max: 50, memberEditable: true }),
    fax: field.text(['傳真', 'Fax'], { max: 50, memberEditable: true }),
    website: field.url(['網站', 'Website'], { memberEditable: true }),
    department: field.text(['承辦部門', 'Department'], { max: 100, memberEditable: true }),
    contactPerson: field.text(['聯絡人', 'Contact person'], { max: 100, public: false, memberEditable: true }),
    logo: field.image(['標誌', 'Logo'], { memberEditable: true }),
    joinedOn: field.date(['入會日期', 'Member since']),
  },
  menu: 'membersGroup',
  public: {
    route: 'members',
    sort: [
      { field: 'category', direction: 'asc' },
      { field: 'order', direction: 'asc' },
    ],
    pageSize: 20,
  },
});
