package workbook.catalogue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Korean particles that fit the word before them. A message writes the pair, {@code {0}을(를)}, {@code {0}은(는)},
 * {@code {0}이(가)}, {@code {0}와(과)} or {@code {0}(으)로}, and this picks one form by how the word before is read
 * aloud: a final consonant (받침) takes 은·을·이·과·으로, none takes 는·를·가·와·로, and ㄹ takes 로. Latin letters and
 * digits are read as a Korean reader would: {@code 3} is 삼 (받침), {@code 2} is 이 (none), a lone {@code L} is 엘 (ㄹ);
 * an English word ending in m, n, ng, me or ne has a 받침 (claim → 클레임, one → 원), and so has one ending in a short
 * vowel and p (step → 스텝) or in ck (clock → 클록, but check → 체크); one ending in l or le has ㄹ (file → 파일), and
 * others have none (renew → 리뉴, Jobs.java → 자바).
 */
public final class Particles {
    private Particles() {}

    private static final Pattern PAIR = Pattern.compile("(은\\(는\\)|을\\(를\\)|이\\(가\\)|와\\(과\\)|\\(으\\)로)");

    /** How the last sound of a word ends. */
    enum Ending { VOWEL, CONSONANT, RIEUL }

    public static String fix(String text) {
        Matcher m = PAIR.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Ending e = ending(text, m.start());
            m.appendReplacement(out, Matcher.quoteReplacement(form(m.group(1), e)));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String form(String pair, Ending e) {
        boolean consonant = e != Ending.VOWEL;
        return switch (pair) {
            case "은(는)" -> consonant ? "은" : "는";
            case "을(를)" -> consonant ? "을" : "를";
            case "이(가)" -> consonant ? "이" : "가";
            case "와(과)" -> consonant ? "과" : "와";
            default -> e == Ending.CONSONANT ? "으로" : "로";
        };
    }

    /** The ending of the word just before {@code at}, skipping closing quotes, brackets and backticks. */
    static Ending ending(String text, int at) {
        int i = at - 1;
        while (i >= 0 && "'\"`)]}»」』".indexOf(text.charAt(i)) >= 0) {
            i--;
        }
        if (i < 0) {
            return Ending.VOWEL;
        }
        char c = text.charAt(i);
        if (c >= 0xAC00 && c <= 0xD7A3) {
            int jong = (c - 0xAC00) % 28;
            return jong == 0 ? Ending.VOWEL : jong == 8 ? Ending.RIEUL : Ending.CONSONANT;
        }
        if (c >= '0' && c <= '9') {
            return switch (c) {
                case '1', '7', '8' -> Ending.RIEUL;      // 일, 칠, 팔
                case '0', '3', '6' -> Ending.CONSONANT;  // 영, 삼, 육
                default -> Ending.VOWEL;                 // 이, 사, 오, 구
            };
        }
        if (Character.isLetter(c) && c < 0x80) {
            int start = i;
            while (start > 0 && Character.isLetter(text.charAt(start - 1)) && text.charAt(start - 1) < 0x80) {
                start--;
            }
            String word = text.substring(start, i + 1);
            if (word.length() == 1 || word.equals(word.toUpperCase(java.util.Locale.ROOT))) {
                return letterName(Character.toLowerCase(c));
            }
            String w = word.toLowerCase(java.util.Locale.ROOT);
            if (w.endsWith("m") || w.endsWith("n") || w.endsWith("ng") || w.endsWith("me") || w.endsWith("ne")) {
                return Ending.CONSONANT; // claim 클레임, one 원, time 타임
            }
            if (w.matches(".*(^|[^aeiou])[aeiou]p") || (w.endsWith("ck") && !w.equals("check"))) {
                return Ending.CONSONANT; // step 스텝, top 탑, clock 클록, back 백; not loop 루프, check 체크
            }
            return w.endsWith("l") || w.endsWith("le") ? Ending.RIEUL : Ending.VOWEL;
        }
        return Ending.VOWEL;
    }

    /** A letter read by its name: 엘 and 알 end in ㄹ, 엠 and 엔 in a consonant, the rest in a vowel. */
    private static Ending letterName(char c) {
        return switch (c) {
            case 'l', 'r' -> Ending.RIEUL;
            case 'm', 'n' -> Ending.CONSONANT;
            default -> Ending.VOWEL;
        };
    }
}
