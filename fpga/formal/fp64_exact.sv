// Formal harness: the exported FP64 unit (`rtl-gen verilog fp64`) against
// SPEC-G3's exact-rule operations, proven for every operand, every MODE
// and EXEC bit by yosys's SAT-based temporal induction (`rtl-gen formal
// fp64`; the script is in testbench/src/formal.rs).
//
// LATENCY clocks after an operation went in, the harness asserts that
// out_valid is the in_valid of then, that a valid answer carries its tag,
// and that these operations answer the reference below, result AND fflags,
// written from SPEC-G3 §1-§3's words:
// - fsgnj / fsgnjn / fsgnjx: {s2[63] (or its complement, or s1[63]^s2[63]),
//   s1[62:0]}, NaNs included, no flag, never flushed;
// - fclass: RISC-V's 10-bit mask, no flag, never flushed;
// - cmp.class: (fclass(s1) & s2[9:0]) != 0, AND EXEC, no flag;
// - fmin / fmax: minimumNumber / maximumNumber on the operands read with
//   daz64 (-0 < +0; one NaN gives the other operand; two NaNs give
//   7ff8000000000000); NV when either is a signalling NaN;
// - the fourteen cmp.<cc>: the predicate AND EXEC, never flushed; NV
//   (on an active lane only) for any NaN under lt/le/gt/ge, for a
//   signalling NaN under the others;
// - frexp.mant / frexp.exp: s1 (read with daz64) = m·2^e, m in [0.5, 1)
//   with s1's sign, subnormals normalised; ±0 gives ±0 and e = 0; NaN and
//   ±Inf pass unchanged with e = 0; no flag.
// The unit's registers start in any state. UNIT and LATENCY are the unit's
// name and latency. BROKEN_REFERENCE makes fmin(-0,+0) answer +0: the proof
// must then fail.
module fp64_exact_formal(
    input wire clock, input wire in_valid, input wire [7:0] in_tag,
    input wire [5:0] in_op, input wire [63:0] in_a, input wire [63:0] in_b,
    input wire [63:0] in_c, input wire [2:0] in_rm, input wire [2:0] in_neg,
    input wire [2:0] in_abs, input wire in_exec, input wire [2:0] in_frm,
    input wire [2:0] in_frm64, input wire in_daz32, input wire in_ftz32,
    input wire in_daz64, input wire in_ftz64
);
    localparam L = `LATENCY;
    wire out_valid; wire [7:0] out_tag; wire [63:0] out_result; wire [4:0] out_flags;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag), .in_op(in_op),
        .in_a(in_a), .in_b(in_b), .in_c(in_c), .in_rm(in_rm), .in_neg(in_neg),
        .in_abs(in_abs), .in_exec(in_exec), .in_frm(in_frm), .in_frm64(in_frm64),
        .in_daz32(in_daz32), .in_ftz32(in_ftz32), .in_daz64(in_daz64),
        .in_ftz64(in_ftz64), .out_valid(out_valid), .out_tag(out_tag),
        .out_result(out_result), .out_flags(out_flags));

    function is_nan(input [63:0] x);
        is_nan = x[62:52] == 11'h7FF && x[51:0] != 0;
    endfunction
    function is_snan(input [63:0] x);
        is_snan = is_nan(x) && !x[51];
    endfunction
    function is_zero(input [63:0] x);
        is_zero = x[62:0] == 0;
    endfunction
    function is_sub(input [63:0] x);
        is_sub = x[62:52] == 0 && x[51:0] != 0;
    endfunction
    function [63:0] daz(input [63:0] x, input on);
        daz = (on && is_sub(x)) ? {x[63], 63'd0} : x;
    endfunction
    function [9:0] fclass(input [63:0] x);
        if (x[62:0] == 63'h7FF0_0000_0000_0000) fclass = x[63] ? 10'h001 : 10'h080;
        else if (is_nan(x)) fclass = x[51] ? 10'h200 : 10'h100;
        else if (is_zero(x)) fclass = x[63] ? 10'h008 : 10'h010;
        else if (is_sub(x)) fclass = x[63] ? 10'h004 : 10'h020;
        else fclass = x[63] ? 10'h002 : 10'h040;
    endfunction
    // a < b for numbers (no NaN), +0 and -0 equal.
    function less(input [63:0] a, input [63:0] b);
        if (is_zero(a) && is_zero(b)) less = 0;
        else if (a[63] != b[63]) less = a[63];
        else if (!a[63]) less = a[62:0] < b[62:0];
        else less = a[62:0] > b[62:0];
    endfunction
    function [63:0] min_max(input [63:0] a, input [63:0] b, input is_max);
        if (is_nan(a) && is_nan(b)) min_max = 64'h7FF8_0000_0000_0000;
        else if (is_nan(a)) min_max = b;
        else if (is_nan(b)) min_max = a;
        else if (is_zero(a) && is_zero(b))
`ifndef BROKEN_REFERENCE
            min_max = {is_max ? (a[63] & b[63]) : (a[63] | b[63]), 63'd0};
`else
            min_max = {is_max ? (a[63] & b[63]) : (a[63] & b[63]), 63'd0};
`endif
        else if (less(a, b) != is_max) min_max = a;
        else min_max = b;
    endfunction
    // cc index 0..13: eq ne lt le gt ge o u equ neu ltu leu gtu geu.
    function cmp(input [3:0] cc, input [63:0] a, input [63:0] b);
        reg u, eq, lt, gt;
        begin
            u = is_nan(a) || is_nan(b);
            eq = !u && (a == b || (is_zero(a) && is_zero(b)));
            lt = !u && less(a, b);
            gt = !u && less(b, a);
            case (cc)
                0: cmp = eq;         1: cmp = lt || gt;
                2: cmp = lt;         3: cmp = lt || eq;
                4: cmp = gt;         5: cmp = gt || eq;
                6: cmp = !u;         7: cmp = u;
                8: cmp = u || eq;    9: cmp = u || lt || gt;
                10: cmp = u || lt;   11: cmp = u || lt || eq;
                12: cmp = u || gt;   default: cmp = u || gt || eq;
            endcase
        end
    endfunction
    // frexp: the leading one of a subnormal's fraction, and m, e.
    function [5:0] lead(input [51:0] f);
        integer i;
        begin
            lead = 0;
            for (i = 0; i < 52; i = i + 1) if (f[i]) lead = i;
        end
    endfunction
    function [63:0] frexp_mant(input [63:0] x);
        reg [51:0] f;
        begin
            f = x[51:0];
            if (x[62:52] == 11'h7FF || is_zero(x)) frexp_mant = x;
            else if (is_sub(x)) begin
                f = x[51:0] << (52 - lead(x[51:0]));
                frexp_mant = {x[63], 11'h3FE, f};
            end else frexp_mant = {x[63], 11'h3FE, f};
        end
    endfunction
    function [31:0] frexp_exp(input [63:0] x);
        if (x[62:52] == 11'h7FF || is_zero(x)) frexp_exp = 0;
        else if (is_sub(x)) frexp_exp = {26'd0, lead(x[51:0])} - 32'd1073;
        else frexp_exp = {21'd0, x[62:52]} - 32'd1022;
    endfunction

    reg [7:0] seen = 0;
    reg [L-1:0] v_q, exec_q, daz_q;
    reg [8*L-1:0] tag_q;
    reg [6*L-1:0] op_q;
    reg [64*L-1:0] a_q, b_q;
    always @(posedge clock) begin
        if (seen < L) seen <= seen + 1;
        v_q <= {v_q, in_valid};
        exec_q <= {exec_q, in_exec};
        daz_q <= {daz_q, in_daz64};
        tag_q <= {tag_q, in_tag};
        op_q <= {op_q, in_op};
        a_q <= {a_q, in_a};
        b_q <= {b_q, in_b};
    end
    wire v = v_q[L-1];
    wire exec = exec_q[L-1];
    wire dz = daz_q[L-1];
    wire [5:0] op = op_q[6*L-1 -: 6];
    wire [63:0] a = a_q[64*L-1 -: 64];
    wire [63:0] b = b_q[64*L-1 -: 64];
    wire [63:0] fa = daz(a, dz);
    wire [63:0] fb = daz(b, dz);
    wire [3:0] cc = op - 6'd23;
    wire any_nan = is_nan(a) || is_nan(b);
    wire any_snan = is_snan(a) || is_snan(b);
    wire signalling = cc >= 2 && cc <= 5;
    wire [4:0] cmp_nv = (exec && (any_snan || (signalling && any_nan))) ? 5'h10 : 5'h00;
    always @* if (seen == L) begin
        assert (out_valid == v);
        if (v) assert (out_tag == tag_q[8*L-1 -: 8]);
        if (v && op == 5) assert (out_result == {b[63], a[62:0]} && out_flags == 0);
        if (v && op == 6) assert (out_result == {!b[63], a[62:0]} && out_flags == 0);
        if (v && op == 7) assert (out_result == {a[63] ^ b[63], a[62:0]} && out_flags == 0);
        if (v && op == 9) assert (out_result == {54'd0, fclass(a)} && out_flags == 0);
        if (v && op == 37)
            assert (out_result == {63'd0, exec && (fclass(a) & b[9:0]) != 0} && out_flags == 0);
        if (v && op == 3)
            assert (out_result == min_max(fa, fb, 0) && out_flags == (any_snan ? 5'h10 : 5'h00));
        if (v && op == 4)
            assert (out_result == min_max(fa, fb, 1) && out_flags == (any_snan ? 5'h10 : 5'h00));
        if (v && op >= 23 && op <= 36)
            assert (out_result == {63'd0, exec && cmp(cc, a, b)} && out_flags == cmp_nv);
        if (v && op == 21) assert (out_result == frexp_mant(fa) && out_flags == 0);
        if (v && op == 22) assert (out_result == {32'd0, frexp_exp(fa)} && out_flags == 0);
    end
endmodule
