// Mints ids: 24-hex ObjectId-style (time prefix) for entities, 17-char Meteor-style for users.
import { randomBytes, randomInt } from 'node:crypto';

const METEOR_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';
let counter = randomInt(0, 0xffffff);

/** 24 lowercase hex chars; the first 8 are the creation time in seconds, as Mongo does. */
export function objectId(now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  counter = (counter + 1) % 0x1000000;
  return seconds + randomBytes(5).toString('hex') + counter.toString(16).padStart(6, '0');
}

/** 17 characters from the Meteor alphabet, like the platform's user ids. */
export function meteorId(): string {
  let id = '';
  for (let i = 0; i < 17; i++) id += METEOR_ALPHABET[randomInt(0, METEOR_ALPHABET.length)];
  return id;
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;
