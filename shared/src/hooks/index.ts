export { useAsync, type AsyncState } from './useAsync';
