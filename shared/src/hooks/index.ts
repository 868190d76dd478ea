export { useAsync, type AsyncState } from './useAsync';
export {
  ServedAnswersProvider,
  servedAnswersIn,
  useServedAnswer,
  useServedState,
  type ServedState,
} from './servedAnswers';
export { useFirstCall, useFirstCalls } from './useFirstCalls';
