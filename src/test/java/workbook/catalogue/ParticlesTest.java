package workbook.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ParticlesTest {
    @Test
    void hangulWordsByTheirFinalConsonant() {
        assertEquals("단계는", Particles.fix("단계은(는)"));
        assertEquals("뮤턴트를", Particles.fix("뮤턴트을(를)"));
        assertEquals("시험을", Particles.fix("시험을(를)"));
        assertEquals("파일로", Particles.fix("파일(으)로"), "ㄹ takes 로");
        assertEquals("폴더로", Particles.fix("폴더(으)로"));
        assertEquals("백업으로", Particles.fix("백업(으)로"));
        assertEquals("기록이", Particles.fix("기록이(가)"));
        assertEquals("계약과", Particles.fix("계약와(과)"));
    }

    @Test
    void digitsAreReadInKorean() {
        assertEquals("show 3으로", Particles.fix("show 3(으)로"), "삼");
        assertEquals("check 2로", Particles.fix("check 2(으)로"), "이");
        assertEquals("check 1로", Particles.fix("check 1(으)로"), "일: ㄹ");
        assertEquals("9단계는", Particles.fix("9단계은(는)"));
        assertEquals("단계 6은", Particles.fix("단계 6은(는)"), "육");
        assertEquals("10을", Particles.fix("10을(를)"), "십");
    }

    @Test
    void latinWordsAndFileNames() {
        assertEquals("Jobs.java를", Particles.fix("Jobs.java을(를)"));
        assertEquals("claim을", Particles.fix("claim을(를)"));
        assertEquals("renew를", Particles.fix("renew을(를)"));
        assertEquals("file로", Particles.fix("file(으)로"));
        assertEquals("L이", Particles.fix("L이(가)"), "엘");
        assertEquals("JSON을", Particles.fix("JSON을(를)"), "the letter N: 엔");
        assertEquals("`lease`는", Particles.fix("`lease`은(는)"), "quotes are skipped");
        assertEquals("(claim)을", Particles.fix("(claim)을(를)"));
        assertEquals("01-budget-off-by-one이", Particles.fix("01-budget-off-by-one이(가)"), "원");
        assertEquals("03-wall-clock이", Particles.fix("03-wall-clock이(가)"), "클록");
        assertEquals("06-from-the-top이", Particles.fix("06-from-the-top이(가)"), "탑");
        assertEquals("step을", Particles.fix("step을(를)"), "스텝");
        assertEquals("loop를", Particles.fix("loop을(를)"), "루프");
        assertEquals("check를", Particles.fix("check을(를)"), "체크");
        assertEquals("not-moved가", Particles.fix("not-moved이(가)"), "무브드");
    }

    @Test
    void textWithoutPairsIsUntouched() {
        assertEquals("아무것도 바꾸지 않습니다 (그대로)", Particles.fix("아무것도 바꾸지 않습니다 (그대로)"));
    }

    @Test
    void aLessonTextReadsItsPairsToo() {
        Text t = new Text(java.util.Map.of("ko", "initDb이(가) SQL 오류를 삼킨다", "en", "initDb swallows SQL errors"));
        assertEquals("initDb가 SQL 오류를 삼킨다", t.in("ko"));
        assertEquals("initDb swallows SQL errors", t.in("en"));
        assertEquals("claim이 SQL 오류를 삼킨다", new Text(java.util.Map.of("ko", "claim이(가) SQL 오류를 삼킨다")).in("en"));
    }
}
