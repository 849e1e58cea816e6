import { editorPageRoute } from '@/components/site/info/EditorPage';

// The page is its page sections (webeditor, page key 'research').
const route = editorPageRoute('research', 'research', 'info.research');

export const generateMetadata = route.generateMetadata;
export default route.Page;
