import { editorPageRoute } from '@/components/site/info/EditorPage';

// The page is its page sections (webeditor, page key 'copyright').
const route = editorPageRoute('copyright', 'copyright', 'accessibility.copyright');

export const generateMetadata = route.generateMetadata;
export default route.Page;
