export function GamePlayPage() {
  return null;
}
