export { DeletePageCard, PageDeleted } from './components/DeletePageCard';
export { deletePageApi } from './api/deletePageApi';
