import { isOwnPageUrl, type RendererLocation } from './renderer-location';

/** The parts of an IpcMainInvokeEvent the check reads (typed narrowly so tests can build hostile ones). */
export interface IpcSenderInfo {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

/**
 * Only our own page, in the top frame of a window we created, may use the desk API. The frame's
 * URL is parsed and compared with our renderer's location (see isOwnPageUrl), never prefix-matched.
 * A destroyed or navigated-away frame (senderFrame null) is refused.
 */
export function createSenderCheck(location: RendererLocation, isOurWebContents: (id: number) => boolean): (event: IpcSenderInfo) => boolean {
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    if (!isOurWebContents(event.sender.id)) return false;
    return isOwnPageUrl(frame.url, location);
  };
}
