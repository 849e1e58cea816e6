export { ResourceForm, type ResourceFormProps } from './ResourceForm';
export { RichTextEditor, richTextExtensions, type RichTextEditorProps } from './RichTextEditor';
export { useUnsavedChangesWarning } from './useUnsavedChangesWarning';
