// Formal harness of DIVSQRT's handshake (proof DIVSQRT_HANDSHAKE in
// units/src/proof.rs; `rtl-gen formal divsqrt_c1`): one operation in flight,
// and every accepted operation answers exactly once, with its tag, exactly
// its latency after the accept edge (the schedule of rtl::latency_with, written
// again here from the operands: the integer forms' digit count from the
// magnitudes' leading zeros). `in_ready` is high exactly when the engine is
// idle or presenting an answer. From every state the unit can be in (its
// registers start anywhere; `seen` marks the first accept, the only harness
// register with a start value), every op code (10-15 run as fdiv.f32) and
// every operand and mode. The result and flags ports are left open, so that
// yosys drops the datapath that feeds only them and the solver sees the
// control: phase, clock count, the operand decode and leading-zero counts.
// BROKEN_REFERENCE expects fdiv.f64/rcp.f64 one clock early. (The module's name
// must not start with the unit's: the script frees `divsqrt*` registers.)
// With CLOCKS2 (proof DIVSQRT_HANDSHAKE_C2, `rtl-gen formal divsqrt`, the default) it
// states the two-clocks-per-digit schedule (rtl::latency_with(2, ..): every
// iterate clock is two) and that engine's control: `first`, the digit's
// first clock, in which the clock count holds.
module handshake_formal_of_divsqrt(
    input wire clock,
    input wire in_valid,
    input wire [7:0] in_tag,
    input wire [3:0] in_op,
    input wire [63:0] in_a,
    input wire [63:0] in_b,
    input wire [2:0] in_frm,
    input wire [2:0] in_frm64,
    input wire in_daz32,
    input wire in_ftz32,
    input wire in_daz64,
    input wire in_ftz64
);
    wire out_valid, in_ready;
    wire [7:0] out_tag;
    `UNIT dut(.clock(clock), .in_valid(in_valid), .in_tag(in_tag), .in_op(in_op),
              .in_a(in_a), .in_b(in_b), .in_frm(in_frm), .in_frm64(in_frm64),
              .in_daz32(in_daz32), .in_ftz32(in_ftz32), .in_daz64(in_daz64),
              .in_ftz64(in_ftz64), .out_valid(out_valid), .out_tag(out_tag),
              .out_result(), .out_flags(), .in_ready(in_ready));

`ifndef CLOCKS2
    localparam [6:0] F64 = 49, F32_DIV = 34, F32_SQRT = 35, INT_FORCED = 19, INT_BASE = 21;
    localparam [6:0] PER_DIGIT = 1;
`else
    localparam [6:0] F64 = 79, F32_DIV = 49, F32_SQRT = 51, INT_FORCED = 20, INT_BASE = 24;
    localparam [6:0] PER_DIGIT = 2;
`endif
`ifndef BROKEN_REFERENCE
    localparam [6:0] F64_DIV = F64;
`else
    localparam [6:0] F64_DIV = F64 - 7'd1;
`endif

    function [6:0] lz32(input [31:0] x);
        integer i;
        begin
            lz32 = 32;
            for (i = 0; i < 32; i = i + 1)
                if (x[i]) lz32 = 31 - i;
        end
    endfunction

    // The schedule: fdiv.f64/rcp.f64 49, fsqrt.f64 49, fdiv.f32/rcp.f32 34,
    // fsqrt.f32 35; div/divu/rem/remu 19 when b = 0 or |a| has more leading
    // zeros than |b|, else 21 + floor((lz_b - lz_a + 1)/2). With CLOCKS2:
    // 79, 79, 49, 51; 20, else 24 + 2 * floor((lz_b - lz_a + 1)/2).
    wire sgn = (in_op == 4'd4) || (in_op == 4'd6);
    wire [31:0] ma = (sgn && in_a[31]) ? (~in_a[31:0] + 32'd1) : in_a[31:0];
    wire [31:0] mb = (sgn && in_b[31]) ? (~in_b[31:0] + 32'd1) : in_b[31:0];
    wire [6:0] lza = lz32(ma);
    wire [6:0] lzb = lz32(mb);
    wire [6:0] nbits = (lzb - lza) + 7'd1;
    reg [6:0] lat;
    always @* begin
        case (in_op)
            4'd1, 4'd9: lat = F64_DIV;
            4'd3: lat = F64;
            4'd2: lat = F32_SQRT;
            4'd4, 4'd5, 4'd6, 4'd7:
                lat = ((mb == 32'd0) || (lza > lzb)) ? INT_FORCED
                                                     : (INT_BASE + PER_DIGIT * (nbits >> 1));
            default: lat = F32_DIV;
        endcase
    end

    reg seen = 0;
    reg busy;
    reg [7:0] tag_q;
    reg [6:0] lat_q;
    reg [6:0] cnt;
    wire accept = in_valid && in_ready;
    always @(posedge clock) begin
        if (accept) begin
            seen <= 1;
            busy <= 1;
            tag_q <= in_tag;
            lat_q <= lat;
            cnt <= 1;
        end else if (out_valid) begin
            busy <= 0;
        end else if (busy && (cnt != 7'd127)) begin
            cnt <= cnt + 7'd1;
        end
    end
    // The unit's control state, probed (testbench::formal connects each
    // wire to the flattened net named beside it), and the invariants that
    // tie it to the schedule above. They are proven like the other
    // assertions; they make the induction close in a few clocks instead of
    // the whole latency (a state no run reaches now fails within the
    // clocks before the recurrence).
    // probe: p_phase dut.phase$q
    // probe: p_ctl dut.ctl$q
    // probe: p_inp_tag dut.inp$q[7:0]
    // probe: p_acc_tag dut.acc$q[7:0]
    // probe: p_at_fields dut.at_fields$q
    // probe: p_at_unpack dut.at_unpack$q
    // probe: p_at_lzc dut.at_lzc$q
    // probe: p_at_coarse dut.at_coarse$q
    // probe: p_at_shift dut.at_shift$q
    // probe: p_at_compare dut.at_compare$q
    // probe: p_at_load dut.at_load$q
    // probe: p_at_iter dut.at_iter$q
    // probe: p_at_compress dut.at_compress$q
    // probe: p_at_row dut.at_row$q
    // probe: p_at_correct dut.at_correct$q
    // probe: p_at_select dut.at_select$q
    // probe: p_at_pick dut.at_pick$q
    // probe: p_at_align dut.at_align$q
    // probe: p_at_decide dut.at_decide$q
    // probe: p_at_pack dut.at_pack$q
    // probe: p_at_special dut.at_special$q
    // probe: p_at_final dut.at_final$q
    // probe: p_first dut.first$q
    wire [4:0] p_phase;
    wire [21:0] p_ctl;
    wire [7:0] p_inp_tag, p_acc_tag;
    wire p_at_fields, p_at_unpack, p_at_lzc, p_at_coarse, p_at_shift, p_at_compare, p_at_load, p_at_iter,
         p_at_compress, p_at_row, p_at_correct, p_at_select, p_at_pick, p_at_align, p_at_decide,
         p_at_pack, p_at_special, p_at_final;
    // Two clocks per digit: the digit's first clock (read under CLOCKS2
    // only; kept, so that c1's script finds the wire it connects).
    (* keep *) wire p_first;
    // Phase codes (rtl::Phase) and the control word's fields (rtl::Ctl).
    localparam [4:0] IDLE = 0, FIELDS = 1, UNPACK = 2, LZC = 3, COARSE = 4,
        SHIFT = 5, COMPARE = 6, PREP = 7, LOAD = 8, ITERATE = 9, COMPRESS = 10,
        ROW = 11, CORRECT = 12, SELECT = 13, PICK = 14, ALIGN = 15, DECIDE = 16,
        PACK = 17, SPECIAL = 18, FINAL = 19, PRESENT = 20;
    wire [7:0] c_tag = p_ctl[7:0];
    wire c_int = p_ctl[8];
    wire [4:0] c_count = p_ctl[20:16];
    wire c_last = p_ctl[21];
    // Clocks from the compress phase to the present phase (no pack phase
    // for an integer), and the clocks left before the answer.
    wire [6:0] tail = c_int ? 7'd9 : 7'd10;
    wire [6:0] left = lat_q - cnt;
    always @* begin
        if (seen) begin
            assert (busy == (p_phase != IDLE));
            assert (p_at_fields == (p_phase == FIELDS));
            assert (p_at_unpack == (p_phase == UNPACK));
            assert (p_at_lzc == (p_phase == LZC));
            assert (p_at_coarse == (p_phase == COARSE));
            assert (p_at_shift == (p_phase == SHIFT));
            assert (p_at_compare == (p_phase == COMPARE));
            assert (p_at_load == (p_phase == LOAD));
            assert (p_at_iter == (p_phase == ITERATE));
            assert (p_at_compress == (p_phase == COMPRESS));
            assert (p_at_row == (p_phase == ROW));
            assert (p_at_correct == (p_phase == CORRECT));
            assert (p_at_select == (p_phase == SELECT));
            assert (p_at_pick == (p_phase == PICK));
            assert (p_at_align == (p_phase == ALIGN));
            assert (p_at_decide == (p_phase == DECIDE));
            assert (p_at_pack == (p_phase == PACK));
            assert (p_at_special == (p_phase == SPECIAL));
            assert (p_at_final == (p_phase == FINAL));
            if (p_phase == FIELDS) assert (cnt == 1 && p_inp_tag == tag_q);
            if (p_phase == UNPACK) assert (cnt == 2 && p_inp_tag == tag_q);
            if (p_phase == LZC) assert (cnt == 3 && p_acc_tag == tag_q);
            if (p_phase == COARSE) assert (cnt == 4 && p_acc_tag == tag_q);
            if (p_phase == SHIFT) assert (cnt == 5 && p_acc_tag == tag_q);
            if (p_phase == COMPARE) assert (cnt == 6 && p_acc_tag == tag_q);
            if (p_phase == PREP) assert (cnt == 7 && p_acc_tag == tag_q);
            if (p_phase == LOAD) assert (cnt == 8 && p_acc_tag == tag_q);
            if (p_phase >= ITERATE && p_phase <= PRESENT) assert (c_tag == tag_q);
`ifndef CLOCKS2
            if (p_phase == ITERATE)
                assert (c_count != 0 && c_last == (c_count == 1) && left == c_count + tail);
`else
            // Each digit's clock count is two clocks: its first (`first`,
            // the count holds), then its second (the count steps).
            if (p_phase == ITERATE)
                assert (c_count != 0 && c_last == (c_count == 1)
                        && left == 7'd2 * c_count - {6'd0, !p_first} + tail);
            if (p_first) assert (p_phase == ITERATE);
`endif
            if (p_phase >= COMPRESS && p_phase <= DECIDE)
                assert (left == tail - (p_phase - COMPRESS));
            if (p_phase == PACK) assert (!c_int && left == 3);
            if (p_phase == SPECIAL) assert (left == 2);
            if (p_phase == FINAL) assert (left == 1);
            if (p_phase == PRESENT) assert (left == 0);
            assert (p_phase <= PRESENT);
            assert (in_ready == (!busy || out_valid));
            if (out_valid) assert (busy && (out_tag == tag_q) && (cnt == lat_q));
            // (lat_q ≤ LATENCY also bounds the induction: a state the unit
            // cannot reach fails within LATENCY + 1 clocks.)
            if (busy) assert ((cnt <= lat_q) && (lat_q <= `LATENCY));
        end
    end
endmodule
