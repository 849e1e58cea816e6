import { editorPageRoute } from '@/components/site/info/EditorPage';

// The page is its page sections (webeditor, page key 'privacy').
const route = editorPageRoute('privacy', 'privacy', 'accessibility.privacy');

export const generateMetadata = route.generateMetadata;
export default route.Page;
