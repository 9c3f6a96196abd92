package workbook.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The diff reveal prints: lines first, then words inside the lines that changed. */
class LineDiffTest {
    private static List<String> plain(String yours, String reference) {
        return LineDiff.of(yours, reference).stream().map(LineDiff.Line::plain).toList();
    }

    @Test
    void aRenamedVariableMarksOnlyItsOwnWords() {
        String yours = String.join("\n",
                "static long next(long current) {",
                "    long newFence = current + 1;",
                "    write.setLong(3, newFence);",
                "    return newFence;",
                "}");
        String reference = String.join("\n",
                "static long next(long fence) {",
                "    long next = fence + 1;",
                "    write.setLong(3, next);",
                "    return next;",
                "}");
        assertEquals(List.of(
                "~ static long next(long [-current-]{+fence+}) {",
                "~     long [-newFence-]{+next+} = [-current-]{+fence+} + 1;",
                "~     write.setLong(3, [-newFence-]{+next+});",
                "~     return [-newFence-]{+next+};",
                "  }"), plain(yours, reference));
    }

    @Test
    void linesThatShareLittleStayWholeAndIndentationOrSpacingIsNoDifference() {
        String yours = String.join("\n",
                "void f() {",
                "  if (ttl <= 0) {",
                "      throw new IllegalArgumentException(\"ttl\");",
                "  }",
                "  int  x = 1;",
                "}");
        String reference = String.join("\n",
                "void f() {",
                "    requirePositive(ttl);",
                "    int x = 1;",
                "}");
        assertEquals(List.of(
                "  void f() {",
                "-   if (ttl <= 0) {",
                "-       throw new IllegalArgumentException(\"ttl\");",
                "-   }",
                "+     requirePositive(ttl);",
                "    int  x = 1;",
                "  }"), plain(yours, reference));
    }

    @Test
    void anInsertedPhraseIsOnePieceNotScatteredOverEqualTokens() {
        List<String> lines = plain("throw new IllegalStateException(e);",
                "throw new IllegalStateException(\"renew failed: \" + e.getMessage(), e);");
        assertEquals(List.of("~ throw new IllegalStateException({+\"renew failed: \" + e.getMessage(), +}e);"), lines);

        assertEquals(List.of("~ if (done || [-now < until-]{+until > now+}) {"),
                plain("if (done || now < until) {", "if (done || until > now) {"), "neighbouring changes read as one");
        assertEquals(List.of("~ [-int changed =-]{+return+} s.executeUpdate(){+ == 1+};", "- return changed == 1;"),
                plain("int changed = s.executeUpdate();\nreturn changed == 1;", "return s.executeUpdate() == 1;"),
                "each line pairs with the one it most resembles; the other stays whole");
    }

    /**
     * Lines pair by meaning, not by look: the learner's last {@code return} after the 2xx checks and the reference's
     * {@code return} inside {@code if (s == 409)} are different statements, however alike their words.
     */
    @Test
    void aReturnInAnotherBranchIsNotTheSameStatement() {
        String yours = String.join("\n",
                "static R classify(int s) {",
                "    if (s == 200) {",
                "        return R.SUCCESS;",
                "    }",
                "    return R.NOT_APPLIED;",
                "}");
        String reference = String.join("\n",
                "static R classify(int s) {",
                "    if (s == 200) {",
                "        return R.SUCCESS;",
                "    }",
                "    if (s == 409) {",
                "        return R.FENCED;",
                "    }",
                "    return R.UNKNOWN;",
                "}");
        List<String> lines = plain(yours, reference);
        assertTrue(lines.stream().noneMatch(l -> l.contains("[-NOT_APPLIED-]{+FENCED+}")), String.join("\n", lines));
        assertTrue(lines.contains("+         return R.FENCED;"), String.join("\n", lines));
    }

    /** A pair whose words differ in more than two places reads as two whole lines, mine then the reference's. */
    @Test
    void aLineChangedInManyPlacesIsShownAsTwoLines() {
        List<String> lines = plain("if (applied.isEmpty()) {", "if (reply.applied().equals(Optional.of(false))) {");
        assertEquals(List.of("- if (applied.isEmpty()) {", "+ if (reply.applied().equals(Optional.of(false))) {"), lines);
        assertEquals(List.of("~ if (cls == null{+ || attempt < 1+}) {"), plain("if (cls == null) {", "if (cls == null || attempt < 1) {"));
    }

    @Test
    void aChangedLineReadsAsEitherVersionAndAnOperatorIsOneWord() {
        LineDiff.Line line = LineDiff.of("if (until >= now) {", "if (until > now) {").get(0);
        assertEquals(LineDiff.Mark.CHANGED, line.mark());
        assertEquals("if (until >= now) {", line.text(true));
        assertEquals("if (until > now) {", line.text(false));
        assertEquals("~ if (until [->=-]{+>+} now) {", line.plain());
        assertTrue(line.pieces().stream().anyMatch(p -> p.kind() == LineDiff.Kind.OLD && p.text().equals(">=")));
    }

    @Test
    void identicalOrMissingMethods() {
        assertTrue(LineDiff.of("a();\n  b();", "a();\nb();").stream().allMatch(l -> l.mark() == LineDiff.Mark.SAME));
        assertEquals(List.of("+ static void f() {", "+ }"), plain("", "static void f() {\n}"), "a method you do not have");
    }
}
