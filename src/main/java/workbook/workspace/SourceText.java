package workbook.workspace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A learner's source file as text, whatever their editor saved. UTF-8 first; a file that is not UTF-8 but is valid
 * CP949 (what Korean Windows editors save by default, a superset of EUC-KR) is read as CP949; anything else as UTF-8
 * with each undecodable byte replaced. So a Korean comment saved in the wrong encoding never stops a check: the file
 * is compiled from this text, and the learner is told once that it is not UTF-8 ({@link #encoding}).
 *
 * @param text     the text (a UTF-8 byte order mark, if any, kept as its first character)
 * @param encoding what the bytes were
 */
public record SourceText(String text, Encoding encoding) {
    public enum Encoding {
        UTF8, CP949, UNKNOWN;

        public String wire() {
            return switch (this) {
                case UTF8 -> "UTF-8";
                case CP949 -> "CP949";
                case UNKNOWN -> "unknown";
            };
        }
    }

    private static final Charset CP949 = Charset.forName("x-windows-949");

    public static SourceText read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String utf8 = strictly(bytes, StandardCharsets.UTF_8);
        if (utf8 != null) {
            return new SourceText(utf8, Encoding.UTF8);
        }
        String cp949 = strictly(bytes, CP949);
        return cp949 != null ? new SourceText(cp949, Encoding.CP949)
                : new SourceText(new String(bytes, StandardCharsets.UTF_8), Encoding.UNKNOWN);
    }

    /** {@link #read}'s text; a file that cannot be read at all is an {@link UncheckedIOException}. */
    public static String of(Path file) {
        try {
            return read(file).text();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** What {@code file} was saved as, when it exists and is not UTF-8 (the learner should save it as UTF-8). */
    public static java.util.Optional<Encoding> notUtf8(Path file) {
        try {
            return Files.isRegularFile(file) ? java.util.Optional.of(read(file).encoding()).filter(e -> e != Encoding.UTF8)
                    : java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.empty(); // unreadable now: the command that reads it says so
        }
    }

    private static String strictly(byte[] bytes, Charset cs) {
        try {
            return cs.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
